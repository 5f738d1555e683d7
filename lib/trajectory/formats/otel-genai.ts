// OpenTelemetry GenAI traces (FORMATS.md §4): OTLP/JSON exports, SDK span dumps (any-agent,
// ReadableSpan.to_json, JS console exporter) and single-span attribute maps, under every
// attribute convention (OTel GenAI latest / deprecated, OpenLLMetry, OpenInference, Vercel AI
// SDK, any-agent). One trajectory per trace id; the span → step mapping lives in spans/.
import { hasUnsafeIntegers, parseJsonKeepingBigInts } from "./spans/big-json";
import { collectSpans, isBareAttributeMap, isSpanRecord, spanNode, type RawSpan } from "./spans/otel-spans";
import { groupByTrace } from "./spans/span-node";
import { spanTrajectory } from "./spans/span-trajectory";
import { isRecord, pick, str } from "./spans/values";
import { guardedFormat } from "./guarded-format";
import type { FormatParser, ParseIssue, ParseOutput, SourceDocument } from "./types";

const FORMAT_ID = "otel-genai";

function detectValue(value: unknown): number {
  if (Array.isArray(value)) return value.slice(0, 5).some(isSpanRecord) ? 0.85 : 0;
  if (!isRecord(value)) return 0;
  if (Array.isArray(pick(value, "resourceSpans", "resource_spans"))) return 0.95;
  if (Array.isArray(value.spans)) return value.spans.slice(0, 5).some(isSpanRecord) ? 0.9 : 0;
  if (isSpanRecord(value)) return 0.8;
  return isBareAttributeMap(value) ? 0.7 : 0;
}

function detect(doc: SourceDocument): number {
  if (doc.json !== undefined) return detectValue(doc.json);
  if (doc.jsonl) {
    const first = doc.jsonl.slice(0, 3).map((line) => detectValue(line.value));
    return first.length > 0 && first.every((score) => score >= 0.8) ? Math.min(...first) : 0;
  }
  return 0;
}

/** The document's values with 64/128-bit decimal ids kept exact (JSON.parse would round them). */
function exactValues(doc: SourceDocument): unknown[] {
  if (doc.json !== undefined) return [hasUnsafeIntegers(doc.text) ? parseJsonKeepingBigInts(doc.text) : doc.json];
  const lines = doc.text.split("\n");
  return (doc.jsonl ?? []).map((line) => {
    const text = lines[line.line - 1] ?? "";
    return hasUnsafeIntegers(text) ? parseJsonKeepingBigInts(text) : line.value;
  });
}

function parseDocument(doc: SourceDocument): ParseOutput {
  const issues: ParseIssue[] = [];
  if (doc.json === undefined && !doc.jsonl) {
    return { trajectories: [], issues: [{ severity: "error", message: "Not JSON: expected an OTLP/JSON export or a span dump." }] };
  }
  const values = exactValues(doc);
  const spans: RawSpan[] = values.flatMap(collectSpans);
  if (spans.length === 0) {
    return { trajectories: [], issues: [{ severity: "error", message: "No OpenTelemetry spans found (expected resourceSpans[].scopeSpans[].spans[], {spans: […]}, or span objects)." }] };
  }
  const nodes = spans.map(spanNode);
  const groups = groupByTrace(nodes);
  // any-agent writes the run's answer beside its spans; it belongs to the trace only when there is one.
  const documentAnswer = values.length === 1 && isRecord(values[0]) && groups.size === 1 ? values[0].final_output : undefined;
  const trajectories = [...groups.entries()].map(([traceId, group]) => {
    const traceSpans = spans.filter((span) => (span.traceId ?? "") === traceId);
    const serviceNames = unique(traceSpans.map((span) => str(span.resource["service.name"])).filter((name) => name && !name.startsWith("unknown_service")));
    const scopes = unique(traceSpans.map((span) => span.scope));
    const version = unique(traceSpans.map((span) => str(span.resource["service.version"])))[0];
    const built = spanTrajectory({
      sourceFormat: FORMAT_ID,
      traceId: traceId || undefined,
      nodes: group,
      fallbackOutput: documentAnswer,
      ...(serviceNames[0] || version ? { agent: { name: serviceNames[0], version } } : {}),
      extra: { ...(scopes.length > 0 ? { instrumentationScopes: scopes } : {}), ...(serviceNames.length > 0 ? { serviceNames } : {}) },
      path: traceId ? `trace ${traceId}` : undefined,
    });
    issues.push(...built.issues);
    return built.trajectory;
  });
  return { trajectories, issues };
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined && value !== ""))];
}

export const otelGenaiFormat: FormatParser = guardedFormat({
  id: FORMAT_ID,
  label: "OpenTelemetry GenAI spans (OTLP/JSON, SDK span dumps)",
  reading: "the OpenTelemetry data",
  detect,
  parse: parseDocument,
});
