// Rebuilds Responses API conversations from logged requests and responses. A request either
// resends the whole history as `input`, or sends only the new items and points at the earlier
// response with `previous_response_id` — then the history is the chain of earlier inputs + outputs.
import type { TokenUsage } from "../schema";
import { responsesUsage } from "../normalize/responses-items";
import { isSseText, parseSseEvents } from "../normalize/sse-events";
import { addTokenUsage } from "../normalize/token-usage";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

export interface ResponsesExchange {
  /** A request body: `input` (string or items), `instructions`, `previous_response_id`. */
  request?: Obj;
  /** A response object `{object:"response", output, usage}`, or its SSE event stream. */
  response?: unknown;
}

export interface ResponsesConversation {
  items: unknown[];
  instructions?: string;
  model?: string;
  usage?: TokenUsage;
  /** Status of the last response when it did not complete (failed / incomplete / cancelled). */
  status?: string;
  calls: number;
  sourceId?: string;
  /** Per-call usage keyed by the first output item of that call (see applyReplyUsage). */
  replies: Map<unknown, { tokens?: TokenUsage; model?: string }>;
}

/** A response object from a JSON body or a streamed event list (`response.completed` carries the whole response). */
export function toResponseObject(value: unknown): Obj | undefined {
  if (typeof value === "string" && isSseText(value)) return toResponseObject(parseSseEvents(value).map((e) => e.data));
  if (isObj(value)) return value;
  if (!Array.isArray(value)) return undefined;
  const events = value.filter(isObj);
  const final = events.findLast((e) => isObj(e.response) && /^response\.(completed|failed|incomplete|done)$/.test(String(e.type)));
  if (final) return final.response as Obj;
  const started = events.find((e) => isObj(e.response))?.response as Obj | undefined;
  const output = events.filter((e) => e.type === "response.output_item.done" && isObj(e.item)).map((e) => e.item);
  return started || output.length > 0 ? { ...started, output } : undefined;
}

/** Request `input` as items: a bare string is one user message. */
export function inputItems(input: unknown): unknown[] {
  if (typeof input === "string") return input === "" ? [] : [{ type: "message", role: "user", content: input }];
  return Array.isArray(input) ? input : [];
}

function instructionsText(value: unknown): string | undefined {
  if (typeof value === "string") return value || undefined;
  return undefined;
}

/** Chains exchanges into conversations; a request that neither chains nor resends the history starts a new one. */
export function rebuildResponsesConversations(exchanges: ResponsesExchange[]): ResponsesConversation[] {
  const conversations: ResponsesConversation[] = [];
  let current: ResponsesConversation | undefined;
  let lastResponseId: string | undefined;
  for (const exchange of exchanges) {
    const input = inputItems(exchange.request?.input);
    const response = toResponseObject(exchange.response);
    const chained = current && str(exchange.request?.previous_response_id) !== undefined && exchange.request?.previous_response_id === lastResponseId;
    // A full resend starts with the same first item as the history we have.
    const resent = current && input.length > 0 && JSON.stringify(input[0]) === JSON.stringify(current.items[0]);
    if (!current || (!chained && !resent && exchange.request)) {
      current = { items: [], calls: 0, replies: new Map() };
      conversations.push(current);
    }
    current.items = chained || !exchange.request ? [...current.items, ...input] : [...input];
    if (Array.isArray(response?.output)) current.items.push(...response.output);
    const first = Array.isArray(response?.output) ? response.output[0] : undefined;
    if (first !== undefined) current.replies.set(first, { tokens: responsesUsage(response?.usage), model: str(response?.model) });
    current.calls++;
    current.instructions = instructionsText(exchange.request?.instructions) ?? instructionsText(response?.instructions) ?? current.instructions;
    current.model = str(response?.model) ?? str(exchange.request?.model) ?? current.model;
    current.usage = addTokenUsage(current.usage, responsesUsage(response?.usage));
    const status = str(response?.status);
    current.status = status && status !== "completed" ? status : undefined;
    current.sourceId ??= str(response?.id);
    lastResponseId = str(response?.id);
  }
  return conversations;
}
