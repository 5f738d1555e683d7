// What a span is (LLM call, tool run, agent) and its model, tool fields, usage and agent name,
// read across the attribute conventions: OTel GenAI (latest and deprecated), OpenLLMetry /
// Traceloop, OpenInference, LangSmith-OTel, Vercel AI SDK, Pydantic AI / logfire and any-agent.
import type { TokenUsage } from "../../schema";
import type { OtelEvent } from "./otel-attributes";
import { llmIo } from "./otel-messages";
import type { SpanRole } from "./span-node";
import { num, pick, roundCost, str, type Dict } from "./values";

const LLM_OPERATIONS = new Set(["chat", "text_completion", "generate_content", "completion", "call_llm", "responses", "generate"]);
const AGENT_OPERATIONS = new Set(["invoke_agent", "create_agent", "invoke_workflow"]);
const VERCEL_LLM = /^ai\.(generateText|streamText|generateObject|streamObject)(\.do(Generate|Stream))?$/;
const MESSAGE_KEYS = /^(gen_ai\.(input|output)\.messages|gen_ai\.(prompt|completion)(\.\d+\..*)?|llm\.(input|output)_messages\.\d+\..*)$/;

export function spanRole(attrs: Dict, events: OtelEvent[]): SpanRole {
  const op = str(attrs["gen_ai.operation.name"])?.toLowerCase();
  const openInference = str(attrs["openinference.span.kind"])?.toUpperCase();
  const traceloop = str(attrs["traceloop.span.kind"])?.toLowerCase();
  const langsmith = str(attrs["langsmith.span.kind"])?.toLowerCase();
  const vercel = str(attrs["ai.operationId"] ?? attrs["operation.name"]);
  if (op === "execute_tool" || openInference === "TOOL" || traceloop === "tool" || langsmith === "tool" || vercel === "ai.toolCall") return "tool";
  if ((op && LLM_OPERATIONS.has(op)) || openInference === "LLM" || langsmith === "llm" || attrs["llm.request.type"] !== undefined || (vercel && VERCEL_LLM.test(vercel))) return "llm";
  if ((op && AGENT_OPERATIONS.has(op)) || openInference === "AGENT" || traceloop === "agent" || traceloop === "workflow") return "agent";
  if (attrs["gen_ai.tool.name"] !== undefined || attrs["tool.name"] !== undefined) return "tool";
  if (attrs["gen_ai.agent.name"] !== undefined || attrs.agent_name !== undefined) return "agent";
  // No role marker but the span carries a conversation: an LLM call from a partial instrumentation.
  if (Object.keys(attrs).some((key) => MESSAGE_KEYS.test(key)) || events.some((event) => event.name === "gen_ai.choice")) return "llm";
  return "other";
}

export function spanModel(attrs: Dict): string | undefined {
  return str(pick(attrs, "gen_ai.response.model", "gen_ai.request.model", "llm.model_name", "ai.response.model", "ai.model.id", "langsmith.metadata.ls_model_name"));
}

const TOOL_NAME_PREFIX = /^(execute_tool|running tool:?|tool:)\s+/i;

export function spanTool(attrs: Dict, spanName: string): { name?: string; callId?: unknown; args?: unknown; result?: unknown } {
  const traceloopName = str(attrs["traceloop.span.kind"]) === "tool" ? attrs["traceloop.entity.name"] : undefined;
  return {
    name: str(pick(attrs, "gen_ai.tool.name", "tool.name", "ai.toolCall.name") ?? traceloopName) ?? (spanName.replace(TOOL_NAME_PREFIX, "") || undefined),
    callId: pick(attrs, "gen_ai.tool.call.id", "tool_call.id", "tool.call_id", "tool.call.id", "ai.toolCall.id"),
    args: pick(attrs, "gen_ai.tool.call.arguments", "gen_ai.tool.args", "tool_arguments", "ai.toolCall.args", "ai.toolCall.input", "input.value", "traceloop.entity.input", "input"),
    result: pick(attrs, "gen_ai.tool.call.result", "gen_ai.output", "genai.output", "tool_response", "ai.toolCall.result", "ai.toolCall.output", "output.value", "traceloop.entity.output", "output"),
  };
}

/** Input and output of an agent / workflow / other span: the run's task and answer when it is the root. */
export function runIo(attrs: Dict, events: OtelEvent[]): { input?: unknown; output?: unknown } {
  const io = llmIo(attrs, events);
  return {
    input: io.input ?? pick(attrs, "pydantic_ai.all_messages", "all_messages_events"),
    output: io.output ?? pick(attrs, "final_result", "ai.response.text", "agent.output"),
  };
}

function count(attrs: Dict, ...keys: string[]): number | undefined {
  const value = num(pick(attrs, ...keys));
  return value !== undefined && value >= 0 ? Math.round(value) : undefined;
}

export function spanUsage(attrs: Dict): TokenUsage | undefined {
  const inputCost = num(attrs["gen_ai.usage.input_cost"]);
  const outputCost = num(attrs["gen_ai.usage.output_cost"]);
  const splitCost = inputCost !== undefined || outputCost !== undefined ? (inputCost ?? 0) + (outputCost ?? 0) : undefined;
  const usage: TokenUsage = {
    inputTokens: count(attrs, "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt", "llm.usage.prompt_tokens", "ai.usage.inputTokens", "ai.usage.promptTokens"),
    outputTokens: count(attrs, "gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens", "llm.token_count.completion", "llm.usage.completion_tokens", "ai.usage.outputTokens", "ai.usage.completionTokens"),
    cachedTokens: count(attrs, "gen_ai.usage.cache_read_input_tokens", "gen_ai.usage.cache_read.input_tokens", "llm.token_count.prompt_details.cache_read", "ai.usage.cachedInputTokens"),
    reasoningTokens: count(attrs, "gen_ai.usage.reasoning_tokens", "llm.token_count.completion_details.reasoning", "ai.usage.reasoningTokens"),
    costUsd: roundCost(num(pick(attrs, "gen_ai.usage.cost", "llm.cost.total", "operation.cost")) ?? splitCost),
  };
  const entries = Object.entries(usage).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as TokenUsage) : undefined;
}

export function spanAgentName(attrs: Dict): string | undefined {
  return str(pick(attrs, "gen_ai.agent.name", "agent_name", "traceloop.workflow.name", "langsmith.trace.name"));
}
