// The contract every import format implements. Parsers are pure: text in, trajectories out,
// never throwing on content they do not understand (they report issues and keep `unknown` steps).
import type { NormalizedTrajectoryInput, Outcome } from "../schema";

/** One decoded input file. `json` / `jsonl` are filled by the pipeline when the text parses as such. */
export interface SourceDocument {
  fileName: string;
  text: string;
  /** The parsed value when the whole text is one JSON document. */
  json?: unknown;
  /** The parsed lines when the text is JSON Lines (blank lines skipped; `line` is 1-based). */
  jsonl?: JsonlLine[];
  /** Set when the text starts like JSON but neither parses as JSON nor as JSON Lines. */
  jsonError?: { message: string; line?: number; column?: number };
}

export interface JsonlLine {
  line: number;
  value: unknown;
}

/** A problem found while parsing: where (line or JSON path) and what. Errors fail the file; warnings do not. */
export interface ParseIssue {
  severity: "error" | "warning";
  message: string;
  /** 1-based line for text/JSONL inputs. */
  line?: number;
  /** JSON path such as `$.steps[3].tool_calls[0]`. */
  path?: string;
}

export interface ParseOutput {
  trajectories: NormalizedTrajectoryInput[];
  issues: ParseIssue[];
}

export interface FormatParser {
  /** Stable id, stored as the trajectory's sourceFormat and accepted by `--format`. */
  id: string;
  label: string;
  /**
   * How sure this parser is that the document is its format: 0 = not mine, 1 = certain.
   * Must be cheap and must not throw. Distinctive markers score high (≥ 0.9); generic shapes
   * (a bare chat array) score lower so specific formats win.
   */
  detect(doc: SourceDocument): number;
  parse(doc: SourceDocument): ParseOutput;
}

/** An outcome read from a sibling file (SWE-bench report, AppWorld evaluation, Harbor result…). */
export interface OutcomeRecord {
  /** Task / instance id the outcome belongs to; matched against task.id, then the file name stem. */
  key: string;
  outcome: Outcome;
}

export interface OutcomeFileParser {
  id: string;
  label: string;
  detect(doc: SourceDocument): number;
  parse(doc: SourceDocument): { outcomes: OutcomeRecord[]; issues: ParseIssue[] };
}
