// OpenAI Responses API logs (FORMATS.md §3.2): a bare array of items, a response object
// `{object:"response", output, usage}` (with its request alongside), `{input, output}` pairs,
// or a list / JSONL of such exchanges, chained by previous_response_id when the input is partial.
import { normalizeResponsesItems } from "../normalize/responses-items";
import type { NormalizedTrajectoryInput } from "../schema";
import { applyReplyUsage } from "./chat-exchanges";
import { conversationTrajectory, outcomeFromRecord } from "./conversation-trajectory";
import { rebuildResponsesConversations, type ResponsesExchange } from "./responses-exchanges";
import { guardedFormat } from "./guarded-format";
import type { FormatParser, ParseIssue, ParseOutput, SourceDocument } from "./types";

export const OPENAI_RESPONSES_FORMAT_ID = "openai-responses";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

const ITEM_TYPES = new Set(["message", "reasoning", "item_reference", "compaction", "mcp_list_tools", "mcp_approval_request", "mcp_approval_response"]);
const CONTENT_PART_TYPES = new Set(["input_text", "output_text", "input_image", "input_file", "refusal"]);

function isItem(value: unknown): boolean {
  if (!isObj(value) || typeof value.type !== "string") return false;
  if (value.type === "message") return typeof value.role === "string";
  return ITEM_TYPES.has(value.type) || /_call(?:_output)?$/.test(value.type);
}

/** Items only the Responses API produces: call_id-linked calls, reasoning, typed input/output text parts. */
function isDistinctiveItem(value: unknown): boolean {
  if (!isObj(value)) return false;
  if (value.type === "reasoning" || (/_call(?:_output)?$/.test(String(value.type)) && typeof value.call_id === "string")) return true;
  return Array.isArray(value.content) && value.content.some((part) => isObj(part) && CONTENT_PART_TYPES.has(String(part.type)));
}

/** A record holding one call: a response object, or `{input, output}` / `{request, response}`. */
function toExchange(value: unknown): ResponsesExchange | undefined {
  if (!isObj(value)) return undefined;
  if (value.object === "response") return { request: isObj(value.request) ? value.request : "input" in value ? value : undefined, response: value };
  const request = isObj(value.request) ? value.request : "input" in value ? value : undefined;
  const response = value.response ?? value.output;
  const requestOk = request && (typeof request.input === "string" || Array.isArray(request.input));
  const responseOk = Array.isArray(response) ? response.every(isItem) : isObj(response) && response.object === "response";
  if (!requestOk || !responseOk) return undefined;
  return { request, response: Array.isArray(response) ? { output: response } : response };
}

type Shape = { kind: "items"; items: unknown[]; score: number } | { kind: "exchanges"; exchanges: ResponsesExchange[]; record?: Obj; score: number };

function listShape(values: unknown[]): Shape | undefined {
  if (values.length === 0) return undefined;
  if (values.filter(isItem).length >= values.length * 0.8) return values.some(isDistinctiveItem) ? { kind: "items", items: values, score: 0.85 } : undefined;
  const exchanges = values.map(toExchange);
  return exchanges.every(Boolean) ? { kind: "exchanges", exchanges: exchanges as ResponsesExchange[], score: 0.85 } : undefined;
}

function shapeOf(doc: SourceDocument): Shape | undefined {
  if (doc.jsonl) return listShape(doc.jsonl.map((line) => line.value));
  if (Array.isArray(doc.json)) return listShape(doc.json);
  const exchange = toExchange(doc.json);
  if (!exchange) return undefined;
  return { kind: "exchanges", exchanges: [exchange], record: doc.json as Obj, score: isObj(doc.json) && doc.json.object === "response" ? 0.9 : 0.8 };
}

function parseShape(shape: Shape): ParseOutput {
  const issues: ParseIssue[] = [];
  const trajectories: NormalizedTrajectoryInput[] = [];
  if (shape.kind === "items") {
    const result = conversationTrajectory(normalizeResponsesItems(shape.items), { sourceFormat: OPENAI_RESPONSES_FORMAT_ID });
    return { trajectories: [result.trajectory], issues: result.issues };
  }
  for (const conversation of rebuildResponsesConversations(shape.exchanges)) {
    const steps = normalizeResponsesItems(conversation.items);
    applyReplyUsage(steps.steps, conversation.replies);
    if (conversation.status) issues.push({ severity: "warning", message: `The last response ended with status "${conversation.status}".` });
    const result = conversationTrajectory(
      { ...steps, systemPrompt: conversation.instructions ?? steps.systemPrompt },
      {
        sourceFormat: OPENAI_RESPONSES_FORMAT_ID,
        model: conversation.model,
        usage: conversation.usage,
        sourceId: conversation.sourceId,
        outcome: outcomeFromRecord(shape.record),
        extra: { calls: conversation.calls, ...(conversation.status ? { status: conversation.status } : {}) },
      },
    );
    trajectories.push(result.trajectory);
    issues.push(...result.issues);
  }
  return { trajectories, issues };
}

export const openaiResponsesFormat: FormatParser = guardedFormat({
  reading: "the Responses log",
  id: OPENAI_RESPONSES_FORMAT_ID,
  label: "OpenAI Responses API items / responses",
  detect(doc) {
    return shapeOf(doc)?.score ?? 0;
  },
  parse(doc) {
    const shape = shapeOf(doc);
    if (shape) return parseShape(shape);
    return { trajectories: [], issues: [{ severity: "error", message: "Not a Responses API log: expected an item array, a response object, or {input, output} records." }] };
  },
});
