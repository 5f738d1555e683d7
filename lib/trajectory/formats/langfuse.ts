// Langfuse trace exports (FORMATS.md §5.1): the UI download {trace, observations}, the public API
// shape (observations inside the trace), a bare trace, lists of those, and {data: [...]} pages.
// Observations become span nodes (spans/langfuse-observations.ts); trace input/output give the
// task and final answer; trace.scores give a judge outcome (spans/scores.ts for the rule).
import { calledToolNames, mergeObservations, observationNode } from "./spans/langfuse-observations";
import { outcomeFromScores, readScores } from "./spans/scores";
import type { SpanNode } from "./spans/span-node";
import { spanTrajectory } from "./spans/span-trajectory";
import { asArray, asRecord, isRecord, str, type Dict } from "./spans/values";
import { guardedFormat } from "./guarded-format";
import type { FormatParser, ParseIssue, ParseOutput, SourceDocument } from "./types";

const FORMAT_ID = "langfuse";
const OBSERVATION_TYPES = new Set(["SPAN", "GENERATION", "EVENT", "AGENT", "TOOL", "CHAIN", "RETRIEVER", "EVALUATOR", "EMBEDDING", "GUARDRAIL"]);
const TRACE_MARKERS = ["projectId", "scores", "latency", "htmlPath", "bookmarked", "public", "observations", "sessionId", "environment"];

function isTrace(value: unknown): boolean {
  if (!isRecord(value) || !str(value.id) || (value.timestamp === undefined && value.projectId === undefined)) return false;
  return TRACE_MARKERS.filter((key) => key in value).length >= 2;
}

function isObservation(value: unknown): value is Dict {
  return isRecord(value) && str(value.traceId) !== undefined && OBSERVATION_TYPES.has(str(value.type)?.toUpperCase() ?? "") && value.startTime !== undefined;
}

interface TraceEntry {
  trace?: Dict;
  observations: unknown[];
  path: string;
}

/** The traces a document holds, each with its observation lists (top-level first: they are complete). */
function traceEntries(value: unknown, path = "$"): TraceEntry[] {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isObservation)) return [{ observations: [value], path }];
    return value.flatMap((item, i) => traceEntries(item, `${path}[${i}]`));
  }
  if (!isRecord(value)) return [];
  if (isTrace(value.trace) || (isRecord(value.trace) && Array.isArray(value.observations))) {
    return [{ trace: value.trace as Dict, observations: [value.observations, (value.trace as Dict).observations], path }];
  }
  if (isTrace(value)) return [{ trace: value, observations: [value.observations], path }];
  if (Array.isArray(value.data)) return traceEntries(value.data, `${path}.data`);
  return [];
}

function scoreOf(entry: TraceEntry): number {
  if (!entry.trace) return 0.8;
  return entry.observations.some((list) => Array.isArray(list) && list.length > 0) ? 0.95 : 0.75;
}

function detect(doc: SourceDocument): number {
  if (doc.json === undefined) return 0;
  const entries = traceEntries(Array.isArray(doc.json) ? doc.json.slice(0, 3) : doc.json);
  return entries.length > 0 ? Math.max(...entries.map(scoreOf)) : 0;
}

/** A trace without observations (the UI download can omit them): its own input/output read as one LLM exchange. */
function traceAsExchange(trace: Dict): SpanNode {
  return { id: str(trace.id) ?? "trace", name: str(trace.name) ?? "trace", role: "llm", order: 0, input: trace.input, output: trace.output, isError: false, raw: trace };
}

function traceExtra(trace: Dict | undefined): Record<string, unknown> {
  if (!trace) return {};
  const tags = asArray(trace.tags)?.filter((tag) => typeof tag === "string");
  const entries = {
    traceName: str(trace.name),
    tags: tags && tags.length > 0 ? tags : undefined,
    sessionId: str(trace.sessionId),
    userId: str(trace.userId),
    release: str(trace.release),
    version: str(trace.version),
    environment: str(trace.environment),
    traceMetadata: appMetadata(trace.metadata),
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

/** The trace's application metadata; the OTel resource / scope copies Langfuse adds are noise here. */
function appMetadata(value: unknown): Dict | undefined {
  const metadata = asRecord(value);
  if (!metadata) return undefined;
  const rest = Object.fromEntries(Object.entries(metadata).filter(([key]) => !["resourceAttributes", "scope", "attributes"].includes(key)));
  return Object.keys(rest).length > 0 ? rest : undefined;
}

function parseDocument(doc: SourceDocument): ParseOutput {
  if (doc.json === undefined) return { trajectories: [], issues: [{ severity: "error", message: "Not JSON: expected a Langfuse trace export." }] };
  const entries = traceEntries(doc.json);
  if (entries.length === 0) {
    return { trajectories: [], issues: [{ severity: "error", message: "No Langfuse trace found (expected {trace, observations}, a trace object, or a list of them)." }] };
  }
  const issues: ParseIssue[] = [];
  const trajectories = entries.map((entry) => {
    const observations = mergeObservations(...entry.observations);
    const toolNames = calledToolNames(observations);
    let nodes = observations.map((observation, i) => observationNode(observation, i, toolNames));
    if (nodes.length === 0 && entry.trace && entry.trace.output !== undefined && entry.trace.output !== null) {
      issues.push({ severity: "warning", message: "The trace has no observations (the UI download omits them); steps were rebuilt from the trace's own input and output.", path: entry.path });
      nodes = [traceAsExchange(entry.trace)];
    }
    const built = spanTrajectory({
      sourceFormat: FORMAT_ID,
      traceId: str(entry.trace?.id) ?? str(observations[0]?.traceId),
      nodes,
      traceInput: entry.trace?.input,
      traceOutput: entry.trace?.output,
      outcome: outcomeFromScores(readScores(asArray(entry.trace?.scores))),
      extra: traceExtra(entry.trace),
      path: entry.path,
    });
    issues.push(...built.issues);
    return built.trajectory;
  });
  return { trajectories, issues };
}

export const langfuseFormat: FormatParser = guardedFormat({
  id: FORMAT_ID,
  label: "Langfuse trace export",
  reading: "the Langfuse export",
  detect,
  parse: parseDocument,
});
