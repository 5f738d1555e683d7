// Reads a Codex CLI rollout into its parts. The same content is written twice — as Responses
// items (response_item) and as UI events (event_msg) — so content comes from ONE stream, the items;
// events only contribute what items lack: exit codes, failures, the user's literal prompt, the
// final message, cumulative token counts, aborts. Unknown line and event types are ignored: the
// schema grows with every release (FORMATS.md §9).
import type { TokenUsage } from "../schema";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

export interface CodexItem {
  item: Obj;
  timestamp?: string;
}

export interface CodexSession {
  legacy: boolean;
  meta: Obj;
  items: CodexItem[];
  models: string[];
  turnContext?: Obj;
  userMessages: string[];
  /** agent_message events: the content fallback for rollouts written without response items. */
  agentMessages: { timestamp?: string; text: string }[];
  /** Per call_id: the exit code or failure reported by exec_command_end / patch_apply_end / mcp_tool_call_end. */
  callResults: Map<string, { exitCode?: number; failed?: string }>;
  lastAgentMessage?: string;
  usage?: TokenUsage;
  errors: { timestamp?: string; message: string }[];
  aborts: { timestamp?: string; reason: string }[];
  compactions: number;
  timestamps: string[];
}

export const CODEX_LINE_TYPES = new Set(["session_meta", "turn_context", "response_item", "event_msg", "compacted"]);

export function readCodexSession(values: unknown[]): CodexSession {
  const objects = values.filter(isObj);
  const legacy = !objects.some((o) => isObj(o.payload) && CODEX_LINE_TYPES.has(String(o.type)));
  const session: CodexSession = {
    legacy, meta: {}, items: [], models: [], userMessages: [], agentMessages: [], callResults: new Map(), errors: [], aborts: [], compactions: 0, timestamps: [],
  };
  if (legacy) {
    readLegacy(objects, session);
    return session;
  }
  for (const line of objects) {
    const timestamp = str(line.timestamp);
    if (timestamp) session.timestamps.push(timestamp);
    const payload = isObj(line.payload) ? line.payload : {};
    if (line.type === "session_meta") session.meta = { ...payload, ...session.meta };
    else if (line.type === "turn_context") {
      session.turnContext ??= payload;
      const model = str(payload.model);
      if (model && !session.models.includes(model)) session.models.push(model);
    } else if (line.type === "response_item") session.items.push({ item: payload, timestamp });
    else if (line.type === "event_msg") readEvent(payload, timestamp, session);
    // `compacted` rewrites the model's context (replacement_history); the steps already taken stay as written.
    else if (line.type === "compacted") session.compactions++;
  }
  return session;
}

function readEvent(event: Obj, timestamp: string | undefined, session: CodexSession): void {
  const callId = str(event.call_id);
  switch (event.type) {
    case "user_message": {
      const message = str(event.message);
      if (message) session.userMessages.push(message);
      break;
    }
    case "agent_message": {
      const message = str(event.message);
      if (message) session.agentMessages.push({ timestamp, text: message });
      break;
    }
    case "task_complete":
      session.lastAgentMessage = str(event.last_agent_message) ?? session.lastAgentMessage;
      break;
    case "token_count": {
      // Cumulative: the last total is the run's usage; summing the events would overcount.
      const total = isObj(event.info) && isObj(event.info.total_token_usage) ? event.info.total_token_usage : undefined;
      if (total) session.usage = codexUsage(total) ?? session.usage;
      break;
    }
    case "exec_command_end":
      if (callId && typeof event.exit_code === "number") session.callResults.set(callId, { exitCode: event.exit_code });
      break;
    case "patch_apply_end":
      if (callId && event.success === false) session.callResults.set(callId, { failed: str(event.stderr) ?? "patch failed to apply" });
      break;
    case "mcp_tool_call_end": {
      const result = isObj(event.result) ? event.result : {};
      if (callId && result.Err !== undefined) session.callResults.set(callId, { failed: String(str(result.Err) ?? "MCP tool call failed") });
      break;
    }
    case "error":
    case "stream_error":
      session.errors.push({ timestamp, message: str(event.message) ?? "error" });
      break;
    case "turn_aborted":
      session.aborts.push({ timestamp, reason: str(event.reason) ?? "aborted" });
      break;
    case "context_compacted":
      session.compactions++;
      break;
    default:
      break;
  }
}

/** Legacy rollouts: a header line {id, timestamp, instructions}, then bare items and {record_type} lines. */
function readLegacy(objects: Obj[], session: CodexSession): void {
  const [head, ...rest] = objects;
  const isHeader = head !== undefined && str(head.id) !== undefined && head.type === undefined && head.role === undefined;
  if (isHeader) session.meta = { id: head.id, timestamp: head.timestamp, instructions: head.instructions, git: head.git };
  if (isHeader && str(head.timestamp)) session.timestamps.push(head.timestamp as string);
  for (const line of isHeader ? rest : objects) {
    if (line.record_type !== undefined) continue; // {"record_type":"state"} bookkeeping
    if (str(line.type) || str(line.role)) session.items.push({ item: line, timestamp: str(line.timestamp) });
  }
}

/** Codex token_count totals: {input_tokens, cached_input_tokens, output_tokens, reasoning_output_tokens}. */
function codexUsage(total: Obj): TokenUsage | undefined {
  const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.round(v) : undefined);
  const usage: TokenUsage = {
    inputTokens: count(total.input_tokens),
    outputTokens: count(total.output_tokens),
    cachedTokens: count(total.cached_input_tokens),
    reasoningTokens: count(total.reasoning_output_tokens),
  };
  const known = Object.entries(usage).filter(([, v]) => v !== undefined);
  return known.length > 0 ? (Object.fromEntries(known) as TokenUsage) : undefined;
}
