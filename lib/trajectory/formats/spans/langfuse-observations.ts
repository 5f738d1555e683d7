// Langfuse observations → span nodes. GENERATION = LLM call; TOOL, and a SPAN named after a tool
// the model called (LangChain / LangGraph tool runs are plain SPANs), = tool run. Fields may be
// objects, JSON strings or double-encoded strings; the original OTel attributes under
// metadata.attributes fill in what the observation itself lacks (ids, call ids, messages).
import type { TokenUsage } from "../../schema";
import { llmIo, type LlmIo } from "./otel-messages";
import { runIo, spanAgentName, spanModel, spanRole, spanTool, spanUsage } from "./otel-conventions";
import { responseSteps, sideToolCalls } from "./llm-exchange";
import type { SpanNode, SpanRole } from "./span-node";
import { asRecord, decodeDeep, isRecord, normalizeCallId, num, str, toEpochMs, type Dict } from "./values";

const TOOL_PREFIX = /^(execute_tool|running tool:?)\s+/i;

export function observationAttributes(observation: Dict): Dict {
  const metadata = asRecord(observation.metadata);
  return asRecord(metadata?.attributes) ?? {};
}

/** Names of the tools the generations called: a SPAN with such a name is that tool's run. */
export function calledToolNames(observations: Dict[]): Set<string> {
  const names = new Set<string>();
  for (const observation of observations) {
    if (str(observation.type)?.toUpperCase() !== "GENERATION") continue;
    const steps = responseSteps(observation.output, sideToolCalls(observation.toolCalls, observation.toolCallNames))?.steps ?? [];
    for (const step of steps) if (step.kind === "tool_call") names.add(step.name);
  }
  return names;
}

function roleOf(observation: Dict, attrs: Dict, toolNames: Set<string>): SpanRole {
  const type = str(observation.type)?.toUpperCase() ?? "SPAN";
  if (type === "GENERATION") return "llm";
  if (type === "TOOL") return "tool";
  if (type === "AGENT") return "agent";
  if (type === "EVENT" || type === "EMBEDDING" || type === "EVALUATOR" || type === "GUARDRAIL") return "other";
  const fromAttributes = spanRole(attrs, []);
  if (fromAttributes !== "other") return fromAttributes;
  const name = str(observation.name)?.replace(TOOL_PREFIX, "");
  return name && toolNames.has(name) ? "tool" : "other";
}

const sumKeys = (details: Dict, keys: string[]) => {
  const values = keys.map((key) => num(details[key])).filter((value): value is number => value !== undefined);
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) : undefined;
};

/**
 * usageDetails / costDetails → TokenUsage. Langfuse prices cache reads under their own keys, so
 * `input` excludes them; they are added back because TokenUsage.inputTokens counts every prompt token.
 */
export function langfuseUsage(observation: Dict): TokenUsage | undefined {
  const details = asRecord(observation.usageDetails) ?? asRecord(observation.usage) ?? {};
  const costs = asRecord(observation.costDetails) ?? {};
  const keys = Object.keys(details);
  const cacheRead = sumKeys(details, keys.filter((key) => /cache_read|cached/.test(key)));
  const cacheWrite = sumKeys(details, keys.filter((key) => /cache_creation|cache_write/.test(key)));
  const input = num(details.input ?? details.promptTokens ?? details.input_tokens);
  const usage: TokenUsage = {
    inputTokens: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0),
    outputTokens: num(details.output ?? details.completionTokens ?? details.output_tokens),
    cachedTokens: cacheRead,
    reasoningTokens: sumKeys(details, keys.filter((key) => /reasoning/.test(key))),
    costUsd: num(costs.total) ?? num(observation.totalCost) ?? sumKeys(costs, Object.keys(costs)),
  };
  const entries = Object.entries(usage).filter(([, value]) => value !== undefined && !(typeof value === "number" && value < 0));
  return entries.length > 0 ? (Object.fromEntries(entries) as TokenUsage) : undefined;
}

export function observationNode(observation: Dict, order: number, toolNames: Set<string>): SpanNode {
  const attrs = observationAttributes(observation);
  const role = roleOf(observation, attrs, toolNames);
  const name = str(observation.name) ?? str(observation.type) ?? "observation";
  // Attributes fill in what the observation lacks (pydantic-ai agent runs keep their messages there).
  const io: LlmIo = role === "llm" ? llmIo(attrs, []) : role === "tool" ? {} : runIo(attrs, []);
  const input = decodeDeep(observation.input) ?? io.input;
  const output = decodeDeep(observation.output) ?? io.output;
  const level = str(observation.level)?.toUpperCase();
  const toolAttrs = role === "tool" ? spanTool(attrs, name.replace(TOOL_PREFIX, "")) : undefined;
  const usage = role === "llm" ? (langfuseUsage(observation) ?? spanUsage(attrs)) : undefined;
  const calls = sideToolCalls(observation.toolCalls, observation.toolCallNames);
  return {
    id: str(observation.id) ?? `observation-${order}`,
    ...(str(observation.parentObservationId) ? { parentId: str(observation.parentObservationId) } : {}),
    ...(str(observation.traceId) ? { traceId: str(observation.traceId) } : {}),
    name,
    role,
    startMs: toEpochMs(observation.startTime),
    endMs: toEpochMs(observation.endTime),
    order,
    model: str(observation.model) ?? spanModel(attrs),
    input,
    output,
    ...(io.systemPrompt ? { systemPrompt: io.systemPrompt } : {}),
    ...(calls.length > 0 ? { toolCalls: calls } : {}),
    ...(toolAttrs
      ? { tool: { name: toolAttrs.name, callId: normalizeCallId(toolAttrs.callId), args: input ?? toolAttrs.args, result: output ?? toolAttrs.result } }
      : {}),
    agentName: spanAgentName(attrs) ?? (role === "agent" ? name : undefined),
    isError: level === "ERROR",
    ...(level === "ERROR" ? { errorMessage: str(observation.statusMessage) ?? `${name} failed` } : {}),
    ...(usage ? { usage } : {}),
    raw: observation,
  };
}

/** Top-level observations and those embedded in the trace (API shape), merged by id; non-null fields win. */
export function mergeObservations(...lists: unknown[]): Dict[] {
  const byId = new Map<string, Dict>();
  const anonymous: Dict[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const observation of list.filter(isRecord)) {
      const id = str(observation.id);
      if (!id) {
        anonymous.push(observation);
        continue;
      }
      const known = byId.get(id);
      if (!known) byId.set(id, { ...observation }); // a copy: parsing never mutates the document
      else for (const [key, value] of Object.entries(observation)) if (value !== null && value !== undefined && (known[key] === null || known[key] === undefined)) known[key] = value;
    }
  }
  return [...byId.values(), ...anonymous];
}
