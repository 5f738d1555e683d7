// Reads spans out of the shapes OpenTelemetry data is saved in: OTLP/JSON (resourceSpans →
// scopeSpans → spans, typed attribute lists, hex or base64 ids, ns timestamps as strings; also one
// export request per JSONL line), SDK dumps ({spans: […]} or a bare array; flat attributes,
// context{trace_id, span_id}, ids possibly decimal integers), and a single span's bare attribute map.
import { otlpAttributes, type OtelEvent } from "./otel-attributes";
import { llmIo, type LlmIo } from "./otel-messages";
import { runIo, spanAgentName, spanModel, spanRole, spanTool, spanUsage } from "./otel-conventions";
import type { SpanNode } from "./span-node";
import { isRecord, normalizeCallId, normalizeSpanId, num, pick, str, toEpochMs, type Dict } from "./values";

export interface RawSpan {
  traceId?: string;
  spanId?: string;
  parentId?: string;
  name: string;
  startMs?: number;
  endMs?: number;
  statusCode?: unknown;
  statusMessage?: string;
  attributes: Dict;
  events: OtelEvent[];
  resource: Dict;
  scope?: string;
  source: unknown;
}

const ATTRIBUTE_PREFIX = /^(gen_ai|genai|llm|openinference|traceloop|ai)\./;

export function isSpanRecord(value: unknown): value is Dict {
  if (!isRecord(value)) return false;
  const context = isRecord(value.context) ? value.context : undefined;
  const hasSpanId = context?.span_id !== undefined || value.span_id !== undefined || value.spanId !== undefined ||
    (value.id !== undefined && value.traceId !== undefined && (value.duration !== undefined || value.timestamp !== undefined));
  return hasSpanId && (value.name !== undefined || value.attributes !== undefined);
}

/** A single span's flat attribute map (several projects store one span's attributes on their own). */
export function isBareAttributeMap(value: unknown): value is Dict {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.some((key) => ATTRIBUTE_PREFIX.test(key) && key !== "ai.") && keys.filter((key) => key.includes(".")).length >= keys.length / 3;
}

function readEvents(list: unknown): OtelEvent[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((event) => ({
    name: str(event.name) ?? "",
    timeMs: toEpochMs(pick(event, "timeUnixNano", "timestamp", "time")),
    attributes: otlpAttributes(event.attributes),
  }));
}

function sdkSpan(span: Dict, resource?: Dict, scope?: string): RawSpan {
  const context = isRecord(span.context) ? span.context : isRecord(span.spanContext) ? span.spanContext : {};
  const parent = isRecord(span.parent) ? span.parent : isRecord(span.parentSpanContext) ? span.parentSpanContext : {};
  const status = isRecord(span.status) ? span.status : {};
  const startMs = toEpochMs(pick(span, "startTimeUnixNano", "start_time", "startTime", "timestamp"));
  const duration = num(span.duration);
  const endRaw = pick(span, "endTimeUnixNano", "end_time", "endTime");
  const scopeRecord = pick(span, "instrumentationScope", "instrumentation_scope", "scope", "instrumentationLibrary");
  const spanResource = isRecord(span.resource) ? otlpAttributes(span.resource.attributes ?? span.resource) : undefined;
  return {
    traceId: normalizeSpanId(pick(context, "trace_id", "traceId") ?? pick(span, "trace_id", "traceId")),
    spanId: normalizeSpanId(pick(context, "span_id", "spanId") ?? pick(span, "span_id", "spanId", "id")),
    parentId: normalizeSpanId(pick(span, "parent_id", "parentSpanId", "parent_span_id", "parentId") ?? pick(parent, "span_id", "spanId")),
    name: str(span.name) ?? "",
    startMs,
    // JS SDK dumps give `timestamp` and `duration` in microseconds.
    endMs: toEpochMs(endRaw) ?? (startMs !== undefined && duration !== undefined && span.timestamp !== undefined ? startMs + duration / 1000 : undefined),
    statusCode: pick(status, "code", "status_code") ?? span.status_code,
    statusMessage: str(pick(status, "message", "description")),
    attributes: otlpAttributes(span.attributes),
    events: readEvents(span.events),
    resource: spanResource ?? resource ?? {},
    scope: scope ?? (isRecord(scopeRecord) ? str(scopeRecord.name) : str(scopeRecord)),
    source: span,
  };
}

function otlpSpans(request: Dict): RawSpan[] {
  const resourceSpans = pick(request, "resourceSpans", "resource_spans");
  if (!Array.isArray(resourceSpans)) return [];
  return resourceSpans.filter(isRecord).flatMap((rs) => {
    const resource = otlpAttributes(isRecord(rs.resource) ? rs.resource.attributes : undefined);
    const scopeSpans = pick(rs, "scopeSpans", "scope_spans", "instrumentationLibrarySpans");
    return (Array.isArray(scopeSpans) ? scopeSpans : []).filter(isRecord).flatMap((ss) => {
      const scope = pick(ss, "scope", "instrumentationLibrary");
      const spans = Array.isArray(ss.spans) ? ss.spans.filter(isRecord) : [];
      return spans.map((span) => sdkSpan(span, resource, isRecord(scope) ? str(scope.name) : undefined));
    });
  });
}

/** Every span in a parsed document (OTLP, SDK dump, bare array, JSONL values, single attribute map). */
export function collectSpans(value: unknown): RawSpan[] {
  if (Array.isArray(value)) {
    const spans = value.filter(isSpanRecord).map((span) => sdkSpan(span));
    return spans.length > 0 ? spans : value.filter(isRecord).flatMap(collectSpans);
  }
  if (!isRecord(value)) return [];
  if (pick(value, "resourceSpans", "resource_spans") !== undefined) return otlpSpans(value);
  if (Array.isArray(value.spans)) return value.spans.filter(isSpanRecord).map((span) => sdkSpan(span));
  if (isSpanRecord(value)) return [sdkSpan(value)];
  if (isBareAttributeMap(value)) return [{ name: str(value["gen_ai.operation.name"]) ?? "span", attributes: value, events: [], resource: {}, source: value }];
  return [];
}

function errorOf(span: RawSpan): string | undefined {
  const code = span.statusCode;
  const failed = code === 2 || (typeof code === "string" && /error/i.test(code));
  const exception = span.events.find((event) => event.name === "exception");
  if (!failed && !exception) return undefined;
  const fromEvent = exception
    ? [str(exception.attributes["exception.type"]), str(exception.attributes["exception.message"])].filter(Boolean).join(": ")
    : undefined;
  return span.statusMessage ?? (fromEvent || undefined) ?? str(span.attributes["error.type"]) ?? "error";
}

export function spanNode(span: RawSpan, order: number): SpanNode {
  const { attributes: attrs, events } = span;
  const role = spanRole(attrs, events);
  const io: LlmIo = role === "llm" ? llmIo(attrs, events) : runIo(attrs, events);
  const tool = role === "tool" ? spanTool(attrs, span.name) : undefined;
  const errorMessage = errorOf(span);
  return {
    id: span.spanId ?? `span-${order}`,
    ...(span.parentId ? { parentId: span.parentId } : {}),
    ...(span.traceId ? { traceId: span.traceId } : {}),
    name: span.name,
    role,
    startMs: span.startMs,
    endMs: span.endMs,
    order,
    model: spanModel(attrs),
    input: io.input,
    output: io.output,
    ...(io.systemPrompt ? { systemPrompt: io.systemPrompt } : {}),
    ...(tool ? { tool: { ...tool, callId: normalizeCallId(tool.callId) } } : {}),
    agentName: spanAgentName(attrs) ?? (role === "agent" && span.name ? span.name : undefined),
    isError: errorMessage !== undefined,
    ...(errorMessage ? { errorMessage } : {}),
    ...(role === "llm" ? { usage: spanUsage(attrs) } : {}),
    raw: span.source,
  };
}
