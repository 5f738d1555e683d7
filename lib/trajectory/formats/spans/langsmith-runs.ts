// LangSmith runs → span nodes. Runs arrive as ingest payloads {post: [RunCreate], patch:
// [RunUpdate]} (a patch completes its post; patches may lack `id`, which then comes from the
// last dotted_order segment), as run trees nesting child_runs, or as plain run lists. Times are
// epoch ms (ingest) or zone-less ISO strings (API reads); dotted_order is both tree path and order.
import { addTokenUsage, mapTokenUsage } from "../../normalize/token-usage";
import type { TokenUsage } from "../../schema";
import type { SpanNode, SpanRole } from "./span-node";
import { decodeDeep, isRecord, num, pick, str, toEpochMs, type Dict } from "./values";

export function isRun(value: unknown): value is Dict {
  return isRecord(value) && typeof value.run_type === "string" &&
    (value.id !== undefined || value.dotted_order !== undefined || value.trace_id !== undefined || Array.isArray(value.child_runs));
}

export function isIngestPayload(value: unknown): value is Dict {
  return isRecord(value) && (Array.isArray(value.post) || Array.isArray(value.patch)) &&
    [...(Array.isArray(value.post) ? value.post : []), ...(Array.isArray(value.patch) ? value.patch : [])].some((run) => isRecord(run) && (run.dotted_order !== undefined || run.run_type !== undefined || run.trace_id !== undefined));
}

/** Run ids along a dotted_order: "<time>Z<root id>.<time>Z<child id>…". */
export function dottedIds(dotted: unknown): string[] {
  const text = str(dotted);
  if (!text) return [];
  return text.split(".").map((segment) => segment.slice(segment.indexOf("Z") + 1)).filter(Boolean);
}

function runId(run: Dict): string | undefined {
  return str(run.id) ?? dottedIds(run.dotted_order).at(-1);
}

export interface CollectedRuns {
  runs: Dict[];
  orphanPatches: number;
}

/** Every run in the document: payloads merged, child_runs flattened (children learn their parent). */
export function collectRuns(value: unknown): CollectedRuns {
  const collected: CollectedRuns = { runs: [], orphanPatches: 0 };
  const addTree = (run: Dict, parent?: Dict) => {
    const { child_runs: children, ...own } = run;
    const flat: Dict = { ...own };
    if (parent) {
      flat.parent_run_id ??= runId(parent);
      flat.trace_id ??= parent.trace_id ?? runId(parent);
    }
    collected.runs.push(flat);
    if (Array.isArray(children)) for (const child of children.filter(isRecord)) addTree(child, flat);
  };
  const visit = (item: unknown) => {
    if (Array.isArray(item)) item.forEach(visit);
    else if (isIngestPayload(item)) {
      const merged = mergePayload(item);
      collected.orphanPatches += merged.orphanPatches;
      merged.runs.forEach((run) => addTree(run));
    } else if (isRun(item)) addTree(item);
    else if (isRecord(item) && Array.isArray(item.runs)) visit(item.runs);
  };
  visit(value);
  return collected;
}

function mergePayload(payload: Dict): CollectedRuns {
  const posts = (Array.isArray(payload.post) ? payload.post : []).filter(isRecord).map((run) => ({ ...run }));
  const byId = new Map(posts.map((run) => [runId(run), run]));
  let orphanPatches = 0;
  for (const patch of (Array.isArray(payload.patch) ? payload.patch : []).filter(isRecord)) {
    const target = byId.get(runId(patch));
    if (!target) {
      orphanPatches++;
      posts.push({ ...patch, id: runId(patch) });
      continue;
    }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === null) continue;
      target[key] = key === "extra" && isRecord(value) && isRecord(target.extra)
        ? { ...target.extra, ...value, metadata: { ...(isRecord(target.extra.metadata) ? target.extra.metadata : {}), ...(isRecord(value.metadata) ? value.metadata : {}) } }
        : value;
    }
  }
  return { runs: posts, orphanPatches };
}

const ROLES: Record<string, SpanRole> = { llm: "llm", chat_model: "llm", tool: "tool", agent: "agent" };

function runUsage(run: Dict, outputs: unknown): TokenUsage | undefined {
  const out = isRecord(outputs) ? outputs : {};
  const llmOutput = isRecord(out.llm_output) ? out.llm_output : {};
  const metadata = isRecord(run.extra) && isRecord(run.extra.metadata) ? run.extra.metadata : {};
  const fromRun = mapTokenUsage({ prompt_tokens: num(run.prompt_tokens), completion_tokens: num(run.completion_tokens) });
  const usageMetadata = out.usage_metadata ?? messageUsageMetadata(out) ?? metadata.usage_metadata;
  const fromOutputs = mapTokenUsage(usageMetadata ?? out.usage ?? llmOutput.token_usage ?? llmOutput.usage);
  const details = isRecord(usageMetadata) ? usageMetadata : undefined;
  const langchainDetails: TokenUsage | undefined = details
    ? {
        ...(num(isRecord(details.input_token_details) ? details.input_token_details.cache_read : undefined) !== undefined ? { cachedTokens: num((details.input_token_details as Dict).cache_read) } : {}),
        ...(num(isRecord(details.output_token_details) ? details.output_token_details.reasoning : undefined) !== undefined ? { reasoningTokens: num((details.output_token_details as Dict).reasoning) } : {}),
      }
    : undefined;
  const base = fromRun ?? fromOutputs;
  const merged = base ? { ...base, ...langchainDetails, ...definedOnly(base) } : undefined;
  const cost = num(run.total_cost);
  return cost !== undefined ? addTokenUsage(merged, { costUsd: cost }) : merged;
}

/** usage_metadata of the AIMessage in {output: AIMessage} or generations[0][0].message (LangChain). */
function messageUsageMetadata(outputs: Dict): unknown {
  const generations = Array.isArray(outputs.generations) ? outputs.generations : [];
  const first = Array.isArray(generations[0]) ? generations[0][0] : generations[0];
  const message = outputs.output ?? (isRecord(first) ? first.message : undefined);
  if (!isRecord(message)) return undefined;
  return (isRecord(message.kwargs) ? message.kwargs.usage_metadata : undefined) ?? message.usage_metadata;
}

function definedOnly(usage: TokenUsage): TokenUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => value !== undefined)) as TokenUsage;
}

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "")?.trim().slice(0, 500) ?? text.slice(0, 500);
}

export function runNode(run: Dict, order: number): SpanNode {
  const id = runId(run) ?? `run-${order}`;
  const path = dottedIds(run.dotted_order);
  const role = ROLES[str(run.run_type)?.toLowerCase() ?? ""] ?? "other";
  const inputs = decodeDeep(run.inputs);
  const outputs = decodeDeep(run.outputs);
  const extra = isRecord(run.extra) ? run.extra : {};
  const metadata = isRecord(extra.metadata) ? extra.metadata : {};
  const invocation = isRecord(extra.invocation_params) ? extra.invocation_params : {};
  const error = str(run.error);
  const llmInput = role === "llm" && isRecord(inputs) ? (pick(inputs, "messages", "prompts", "prompt", "input") ?? inputs) : inputs;
  const toolResult = isRecord(outputs) && outputs.output !== undefined ? outputs.output : outputs;
  return {
    id,
    ...((str(run.parent_run_id) ?? path.at(-2)) ? { parentId: str(run.parent_run_id) ?? path.at(-2) } : {}),
    traceId: str(run.trace_id) ?? path[0] ?? id,
    name: str(run.name) ?? str(run.run_type) ?? "run",
    role,
    startMs: toEpochMs(run.start_time),
    endMs: toEpochMs(run.end_time),
    order,
    ...(str(run.dotted_order) ? { sortKey: str(run.dotted_order) } : {}),
    // The response's model names the exact version; ls_model_name is what was requested.
    model: str((isRecord(outputs) ? (outputs.model ?? (isRecord(outputs.llm_output) ? outputs.llm_output.model_name : undefined)) : undefined) ?? pick(metadata, "ls_model_name") ?? pick(invocation, "model", "model_name") ?? (isRecord(inputs) ? inputs.model : undefined)),
    input: llmInput,
    output: outputs,
    ...(role === "tool"
      ? { tool: { name: str(run.name), callId: isRecord(inputs) ? str(inputs.tool_call_id) : undefined, args: isRecord(inputs) && inputs.input !== undefined ? inputs.input : inputs, result: toolResult } }
      : {}),
    ...(role === "agent" ? { agentName: str(run.name) } : {}),
    isError: error !== undefined || run.status === "error",
    ...(error ? { errorMessage: firstLine(error) } : run.status === "error" ? { errorMessage: `${str(run.name) ?? "run"} failed` } : {}),
    ...(role === "llm" ? { usage: runUsage(run, outputs) } : {}),
    raw: run,
  };
}
