// An LLM span's request and response under each attribute convention that coexists in the wild
// (FORMATS.md §4.2), tried newest first: OTel GenAI latest (gen_ai.input/output.messages, also as
// the operation-details event), OpenInference (llm.input_messages.N…), OpenLLMetry
// (gen_ai.prompt.N…), deprecated OTel (gen_ai.*.message / gen_ai.choice events, gen_ai.prompt /
// gen_ai.completion), Vercel AI SDK (ai.prompt*, ai.response.*), any-agent (gen_ai.output) and
// the generic input.value / output.value. Values are returned in their source shape; the
// conversation reader understands them.
import { contentToText } from "../../normalize/content";
import { hasFlattened, unflatten, type OtelEvent } from "./otel-attributes";
import { decodeDeep, isRecord, pick, type Dict } from "./values";

const MESSAGE_EVENTS: Record<string, string> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
};

/** An event's body: deprecated events put it in attributes, sometimes JSON-encoded under gen_ai.event.content. */
function eventBody(event: OtelEvent): Dict {
  const encoded = decodeDeep(event.attributes["gen_ai.event.content"] ?? event.attributes.body);
  return isRecord(encoded) ? { ...event.attributes, ...encoded } : event.attributes;
}

function messagesFromEvents(events: OtelEvent[]): Dict[] | undefined {
  const messages = events.flatMap((event) => {
    const role = MESSAGE_EVENTS[event.name];
    if (!role) return [];
    const body = eventBody(event);
    return [{
      role: typeof body.role === "string" ? body.role : role,
      content: body.content ?? null,
      ...(body.tool_calls !== undefined ? { tool_calls: decodeDeep(body.tool_calls) } : {}),
      ...(role === "tool" ? { tool_call_id: body.id ?? body.tool_call_id } : {}),
    }];
  });
  return messages.length > 0 ? messages : undefined;
}

function choicesFromEvents(events: OtelEvent[]): Dict[] | undefined {
  const choices = events.filter((event) => event.name === "gen_ai.choice").map((event) => {
    const body = eventBody(event);
    const message = decodeDeep(body.message);
    const source = isRecord(message) ? message : body;
    return { role: "assistant", content: source.content ?? null, ...(source.tool_calls !== undefined ? { tool_calls: decodeDeep(source.tool_calls) } : {}) };
  });
  return choices.length > 0 ? choices : undefined;
}

/** OpenInference `{message: {role, content | contents[], tool_calls[{tool_call}], tool_call_id}}` → chat message. */
function openInferenceMessage(entry: Dict): Dict {
  const message = isRecord(entry.message) ? entry.message : entry;
  const contents = Array.isArray(message.contents)
    ? message.contents.map((part) => {
        const content = isRecord(part) && isRecord(part.message_content) ? part.message_content : isRecord(part) ? part : {};
        const image = isRecord(content.image) && isRecord(content.image.image) ? content.image.image.url : undefined;
        return image !== undefined ? { type: "image_url", image_url: { url: image } } : { type: "text", text: content.text ?? "" };
      })
    : undefined;
  const toolCalls = Array.isArray(message.tool_calls)
    ? message.tool_calls.map((call) => {
        const inner = isRecord(call) && isRecord(call.tool_call) ? call.tool_call : isRecord(call) ? call : {};
        return { id: inner.id, function: inner.function };
      })
    : undefined;
  return {
    role: message.role,
    content: message.content ?? contents ?? null,
    ...(toolCalls ? { tool_calls: toolCalls } : {}),
    ...(message.tool_call_id !== undefined ? { tool_call_id: message.tool_call_id } : {}),
    ...(message.name !== undefined ? { name: message.name } : {}),
  };
}

/** Event attributes that some SDKs emit instead of span attributes (operation details, old content events). */
function eventAttributes(events: OtelEvent[]): Dict {
  const merged: Dict = {};
  for (const event of events) {
    if (event.name === "gen_ai.client.inference.operation.details" || event.name.startsWith("gen_ai.content.")) Object.assign(merged, event.attributes);
  }
  return merged;
}

export interface LlmIo {
  input?: unknown;
  output?: unknown;
  systemPrompt?: string;
}

export function llmIo(spanAttrs: Dict, events: OtelEvent[]): LlmIo {
  const attrs = { ...eventAttributes(events), ...spanAttrs };
  const input =
    pick(attrs, "gen_ai.input.messages") ??
    (hasFlattened(attrs, "llm.input_messages") ? unflatten(attrs, "llm.input_messages").map(openInferenceMessage) : undefined) ??
    (hasFlattened(attrs, "gen_ai.prompt") ? unflatten(attrs, "gen_ai.prompt") : undefined) ??
    messagesFromEvents(events) ??
    pick(attrs, "gen_ai.prompt", "ai.prompt.messages", "ai.prompt", "input.value", "traceloop.entity.input", "input");
  const vercelOutput = attrs["ai.response.text"] !== undefined || attrs["ai.response.toolCalls"] !== undefined
    ? { text: attrs["ai.response.text"], toolCalls: decodeDeep(attrs["ai.response.toolCalls"]) }
    : undefined;
  const output =
    pick(attrs, "gen_ai.output.messages") ??
    (hasFlattened(attrs, "llm.output_messages") ? unflatten(attrs, "llm.output_messages").map(openInferenceMessage) : undefined) ??
    (hasFlattened(attrs, "gen_ai.completion") ? unflatten(attrs, "gen_ai.completion").map((m) => ({ role: "assistant", ...m })) : undefined) ??
    choicesFromEvents(events) ??
    pick(attrs, "gen_ai.completion", "gen_ai.output", "genai.output") ??
    vercelOutput ??
    pick(attrs, "output.value", "traceloop.entity.output", "output");
  const instructions = pick(attrs, "gen_ai.system_instructions");
  const systemPrompt = instructions !== undefined ? contentToText(decodeDeep(instructions)) || undefined : undefined;
  return { input, output, ...(systemPrompt ? { systemPrompt } : {}) };
}
