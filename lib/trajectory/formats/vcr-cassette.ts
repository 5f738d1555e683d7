// VCR cassettes (vcrpy / pytest-recording YAML, or the same shape as JSON) of raw provider HTTP
// traffic: `interactions: [{request:{uri, method, body}, response:{status, body:{string}}}]`.
// Chat Completions / Anthropic Messages calls and Responses API calls are rebuilt into
// conversations; other HTTP calls are skipped. Headers are never read, so credentials never reach raw.
import { parse as parseYaml } from "yaml";
import { normalizeChatMessages } from "../normalize/chat-messages";
import { normalizeResponsesItems } from "../normalize/responses-items";
import type { NormalizedTrajectoryInput } from "../schema";
import { applyReplyUsage, rebuildChatConversations, sseChunks, type ChatExchange } from "./chat-exchanges";
import { conversationTrajectory } from "./conversation-trajectory";
import { rebuildResponsesConversations, type ResponsesExchange } from "./responses-exchanges";
import type { FormatParser, ParseIssue, ParseOutput, SourceDocument } from "./types";
import { decodeHttpBody, type Obj } from "./vcr-body";

export const VCR_CASSETTE_FORMAT_ID = "vcr-cassette";

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const LLM_URI = /\/(?:chat\/completions|responses|messages)\b/;

function detectScore(doc: SourceDocument): number {
  if (isObj(doc.json)) {
    const interactions = doc.json.interactions;
    return Array.isArray(interactions) && interactions.some((i) => isObj(i) && isObj(i.request) && "response" in i) ? 0.9 : 0;
  }
  if (doc.json !== undefined || doc.jsonl) return 0;
  const head = doc.text.slice(0, 200_000);
  if (!/^interactions:/m.test(head) || !/^\s*-?\s*request:/m.test(head) || !/^\s*response:/m.test(head)) return 0;
  return LLM_URI.test(head) ? 0.95 : 0.6;
}

function readCassette(doc: SourceDocument): { interactions?: unknown[]; error?: string } {
  try {
    const data = doc.json ?? parseYaml(doc.text, { customTags: ["binary"], logLevel: "silent", maxAliasCount: 1000 });
    if (isObj(data) && Array.isArray(data.interactions)) return { interactions: data.interactions };
    return { error: "No `interactions` list: not a VCR cassette." };
  } catch (error) {
    return { error: `Not readable YAML: ${error instanceof Error ? error.message : String(error)}` };
  }
}

interface Sorted {
  chat: ChatExchange[];
  responses: ResponsesExchange[];
  skipped: number;
}

/** Sorts interactions into chat and Responses calls; failed and non-LLM calls are skipped with a note. */
function sortInteractions(interactions: unknown[], issues: ParseIssue[]): Sorted {
  const sorted: Sorted = { chat: [], responses: [], skipped: 0 };
  interactions.forEach((interaction, i) => {
    const path = `$.interactions[${i}]`;
    const request = isObj(interaction) && isObj(interaction.request) ? interaction.request : undefined;
    const response = isObj(interaction) && isObj(interaction.response) ? interaction.response : undefined;
    const body = decodeHttpBody(request?.body, request?.headers);
    const uri = typeof request?.uri === "string" ? request.uri : "";
    const isChat = isObj(body) && Array.isArray(body.messages);
    // By endpoint: embeddings and moderation requests also have an `input`.
    const isResponses = isObj(body) && !isChat && (/\/responses\b/.test(uri) || (uri === "" && Array.isArray(body.input)));
    if (!isChat && !isResponses) {
      sorted.skipped++;
      return;
    }
    const status = isObj(response?.status) ? Number(response.status.code) : Number(response?.status ?? 200);
    // A failed call keeps its request (it may be the only record of the task) but not its error body.
    const failed = status >= 400;
    if (failed) issues.push({ severity: "warning", message: `Call to ${uri || "the API"} failed with HTTP ${status}; its response was ignored.`, path });
    const decoded = failed ? undefined : decodeHttpBody(response?.body, response?.headers);
    const api = /\/messages\b/.test(uri) ? "anthropic.messages" : "chat.completions";
    if (isChat) sorted.chat.push({ request: body, response: typeof decoded === "string" ? sseChunks(decoded) : decoded, path, api });
    else sorted.responses.push({ request: body, response: decoded });
  });
  return sorted;
}

function toTrajectories(sorted: Sorted, issues: ParseIssue[]): NormalizedTrajectoryInput[] {
  const trajectories: NormalizedTrajectoryInput[] = [];
  const extraBase = sorted.skipped > 0 ? { otherHttpCalls: sorted.skipped } : {};
  for (const conversation of rebuildChatConversations(sorted.chat)) {
    const steps = normalizeChatMessages(conversation.messages);
    applyReplyUsage(steps.steps, conversation.replies);
    const result = conversationTrajectory(steps, {
      sourceFormat: VCR_CASSETTE_FORMAT_ID,
      model: conversation.model,
      usage: conversation.usage,
      extra: { ...extraBase, api: conversation.first.api, calls: conversation.calls, ...(conversation.toolNames ? { tools: conversation.toolNames } : {}) },
    }, { path: conversation.first.path });
    trajectories.push(result.trajectory);
    issues.push(...result.issues);
  }
  for (const conversation of rebuildResponsesConversations(sorted.responses)) {
    const steps = normalizeResponsesItems(conversation.items);
    applyReplyUsage(steps.steps, conversation.replies);
    const result = conversationTrajectory({ ...steps, systemPrompt: conversation.instructions ?? steps.systemPrompt }, {
      sourceFormat: VCR_CASSETTE_FORMAT_ID,
      model: conversation.model,
      usage: conversation.usage,
      sourceId: conversation.sourceId,
      extra: { ...extraBase, api: "responses", calls: conversation.calls, ...(conversation.status ? { status: conversation.status } : {}) },
    });
    trajectories.push(result.trajectory);
    issues.push(...result.issues);
  }
  return trajectories;
}

export const vcrCassetteFormat: FormatParser = {
  id: VCR_CASSETTE_FORMAT_ID,
  label: "VCR cassette of LLM API traffic",
  detect(doc) {
    return detectScore(doc);
  },
  parse(doc): ParseOutput {
    try {
      const { interactions, error } = readCassette(doc);
      if (!interactions) return { trajectories: [], issues: [{ severity: "error", message: error ?? "Not a VCR cassette." }] };
      const issues: ParseIssue[] = [];
      const trajectories = toTrajectories(sortInteractions(interactions, issues), issues);
      if (trajectories.length === 0) issues.push({ severity: "error", message: "The cassette records no successful Chat Completions, Messages or Responses call." });
      return { trajectories, issues };
    } catch (error) {
      return { trajectories: [], issues: [{ severity: "error", message: `Could not read the cassette: ${error instanceof Error ? error.message : String(error)}` }] };
    }
  },
};
