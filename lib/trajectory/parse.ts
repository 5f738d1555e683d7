// text → validated NormalizedTrajectory[] for one file: detect (or take the given) format, parse,
// validate every trajectory against the model, and report issues instead of throwing.
import { detectFormats, getFormatParser } from "./formats/registry";
import type { FormatParser, ParseIssue, SourceDocument } from "./formats/types";
import { normalizedTrajectorySchema, type NormalizedTrajectory } from "./schema";

export interface ParsedFile {
  /** The format used (detected or forced); null when nothing recognised the file. */
  format: string | null;
  trajectories: NormalizedTrajectory[];
  issues: ParseIssue[];
}

export function parseDocument(doc: SourceDocument, { format }: { format?: string } = {}): ParsedFile {
  const parser = format ? getFormatParser(format) : detectFormats(doc)[0]?.parser;
  if (!parser) {
    return {
      format: format ?? null,
      trajectories: [],
      issues: [{ severity: "error", message: format ? `Unknown format "${format}".` : describeUnrecognised(doc) }],
    };
  }
  return runParser(parser, doc);
}

function runParser(parser: FormatParser, doc: SourceDocument): ParsedFile {
  let output;
  try {
    output = parser.parse(doc);
  } catch (error) {
    // Parsers should never throw; if one does, the file fails alone with the reason.
    return {
      format: parser.id,
      trajectories: [],
      issues: [{ severity: "error", message: `The ${parser.label} importer failed: ${(error as Error).message}` }],
    };
  }
  const issues = [...output.issues];
  const trajectories: NormalizedTrajectory[] = [];
  output.trajectories.forEach((candidate, i) => {
    const parsed = normalizedTrajectorySchema.safeParse({
      ...candidate,
      metadata: { ...candidate.metadata, sourceFormat: candidate.metadata?.sourceFormat || parser.id },
    });
    if (parsed.success) trajectories.push(reindex(parsed.data));
    else {
      const first = parsed.error.issues[0];
      issues.push({
        severity: "error",
        message: `Trajectory ${i + 1} does not fit the model: ${first?.message} at ${first?.path.join(".")}`,
      });
    }
  });
  if (trajectories.length === 0 && !issues.some((issue) => issue.severity === "error")) {
    issues.push({ severity: "error", message: `No trajectory found in this ${parser.label} file.` });
  }
  return { format: parser.id, trajectories, issues };
}

/** Step indexes are positions: parsers may drop or merge records, so number them again. */
function reindex(trajectory: NormalizedTrajectory): NormalizedTrajectory {
  return { ...trajectory, steps: trajectory.steps.map((step, index) => ({ ...step, index })) };
}

function describeUnrecognised(doc: SourceDocument): string {
  if (doc.jsonError) {
    const where = doc.jsonError.line ? ` at line ${doc.jsonError.line}${doc.jsonError.column ? `, column ${doc.jsonError.column}` : ""}` : "";
    return `Invalid JSON${where}: ${doc.jsonError.message}.`;
  }
  const shape = doc.json !== undefined ? "a JSON document" : doc.jsonl ? "JSON Lines" : "text";
  return `Unrecognised trajectory format (${shape}). Choose the format explicitly, or see the supported formats on the upload page.`;
}
