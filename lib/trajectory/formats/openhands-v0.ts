// OpenHands V0 event stream (FORMATS.md §6.3): action events (`action`, `args`,
// `tool_call_metadata`, accumulated `llm_metrics`) and observation events linked to them by
// `cause`. `run` / `run_ipython` become code steps, other actions tool calls; `finish` gives the
// final answer. Plumbing events (system prompt, recall, agent state changes, condensation) are not
// agent decisions: turning them into steps would shift step numbers and feed noise to lesson
// mining, so they go to metadata (system prompt; `extra.context` notes; `extra.agentStates`).
import type { StepInput, TokenUsage } from "../schema";
import { setObservation, StepListBuilder } from "../normalize/builder";
import { contentToText } from "../normalize/content";
import { errorFromExitCode } from "../normalize/errors";
import { parseArguments } from "../normalize/json-args";
import { asArray, asObj, compact, idString, num, str, unixNewlines, type Obj } from "./agent-log-utils";
import { contextNote, type ContextNote } from "./openhands-events";

export interface OpenHandsRun {
  task?: string;
  systemPrompt?: string;
  steps: StepInput[];
  finalAnswer?: string;
  model?: string;
  usage?: TokenUsage;
  extra: Record<string, unknown>;
}

const CONTEXT_ACTIONS = new Set(["system", "recall", "change_agent_state", "condensation", "condensation_request", "null"]);
const CONTEXT_OBSERVATIONS = new Set(["recall", "agent_state_changed", "null", "condense", "condensation"]);
const NOT_ARGUMENTS = new Set(["thought", "hidden", "confirmation_state", "is_input", "blocking", "is_static", "security_risk", "impl_source"]);

type Metrics = { prompt: number; completion: number; cached: number; cost: number };

/** Accumulated llm_metrics of one event (0 where absent). */
function metricsOf(event: Obj): Metrics | undefined {
  const metrics = asObj(event.llm_metrics);
  if (!metrics) return undefined;
  const usage = asObj(metrics.accumulated_token_usage) ?? {};
  return { prompt: num(usage.prompt_tokens) ?? 0, completion: num(usage.completion_tokens) ?? 0, cached: num(usage.cache_read_tokens) ?? 0, cost: num(metrics.accumulated_cost) ?? 0 };
}

/** This event's share: the accumulated totals minus the previous event's (metrics are cumulative). */
function stepTokens(now: Metrics, before: Metrics): TokenUsage | undefined {
  const d = { inputTokens: now.prompt - before.prompt, outputTokens: now.completion - before.completion, cachedTokens: now.cached - before.cached, costUsd: now.cost - before.cost };
  if (Object.values(d).every((v) => v <= 0)) return undefined; // later calls of one parallel response repeat the totals
  return compact({
    inputTokens: d.inputTokens > 0 ? d.inputTokens : undefined,
    outputTokens: d.outputTokens > 0 ? d.outputTokens : undefined,
    cachedTokens: d.cachedTokens > 0 ? d.cachedTokens : undefined,
    costUsd: d.costUsd > 0 ? Number(d.costUsd.toFixed(8)) : undefined,
  });
}

/** The model's own text for the response behind a tool call (the thought when args.thought is empty). */
function responseText(response: Obj | undefined): string | undefined {
  const choice = asObj((response?.choices as unknown[] | undefined)?.[0]);
  return str(contentToText(asObj(choice?.message)?.content));
}

function actionStep(event: Obj, args: Obj, base: Partial<StepInput>): Parameters<StepListBuilder["add"]>[0] {
  const action = str(event.action) ?? "unknown";
  const metadata = asObj(event.tool_call_metadata);
  if (action === "run" && typeof args.command === "string") return { ...base, kind: "code", language: "bash", code: args.command };
  if (action === "run_ipython" && typeof args.code === "string") return { ...base, kind: "code", language: "python", code: args.code };
  const callId = str(metadata?.tool_call_id);
  // Arguments as the model sent them when the response is logged; else the event's args without
  // the thought and the runtime's bookkeeping fields.
  const sent = modelArguments(asObj(metadata?.model_response), callId);
  const argumentsLeft = sent ?? Object.fromEntries(Object.entries(args).filter(([key, value]) => !NOT_ARGUMENTS.has(key) && value !== null));
  return { ...base, kind: "tool_call", name: str(metadata?.function_name) ?? action, arguments: argumentsLeft, callId };
}

function modelArguments(response: Obj | undefined, callId: string | undefined): unknown {
  if (!callId) return undefined;
  const message = asObj(asObj((response?.choices as unknown[] | undefined)?.[0])?.message);
  const call = asArray(message?.tool_calls).map(asObj).find((c) => c?.id === callId);
  const raw = asObj(call?.function)?.arguments;
  return raw === undefined ? undefined : parseArguments(raw);
}

/** Error signal of an observation: exit code for commands, the event type for errors and rejections. */
function observationError(event: Obj, type: string): { isError?: boolean; errorMessage?: string } {
  const extras = asObj(event.extras) ?? {};
  const exitCode = asObj(extras.metadata)?.exit_code ?? extras.exit_code;
  if (type === "run" && num(exitCode) !== undefined) return errorFromExitCode(exitCode, contentToText(event.content));
  if (type === "error") return { isError: true, errorMessage: str(event.message) ?? str(contentToText(event.content))?.split("\n")[0] };
  if (type === "user_rejected") return { isError: true, errorMessage: "rejected by the user" };
  if (event.success === false) return { isError: true };
  return {};
}

export function parseV0Events(events: Obj[]): OpenHandsRun {
  const builder = new StepListBuilder();
  const byEventId = new Map<string, StepInput>();
  const context: ContextNote[] = [];
  const agentStates: string[] = [];
  const run: OpenHandsRun = { steps: builder.steps, extra: {} };
  let lastMetrics: Metrics = { prompt: 0, completion: 0, cached: 0, cost: 0 };
  let lastAgentText: string | undefined;
  const seenResponses = new Set<string>();

  for (const event of events) {
    const args = asObj(event.args) ?? {};
    const action = str(event.action);
    const observation = str(event.observation);
    const timestamp = str(event.timestamp);
    if (action === "system") {
      run.systemPrompt ??= str(args.content) ?? str(event.message);
    } else if (action && CONTEXT_ACTIONS.has(action)) {
      context.push(contextNote(event, action, str(event.message) ?? str(args.query)));
    } else if (action) {
      // Parallel calls of one response share its metrics and text: count and show them once.
      const metrics = metricsOf(event);
      const tokens = metrics ? stepTokens(metrics, lastMetrics) : undefined;
      if (metrics) lastMetrics = metrics;
      const response = asObj(asObj(event.tool_call_metadata)?.model_response);
      const responseId = str(response?.id);
      const firstOfResponse = !responseId || !seenResponses.has(responseId);
      if (responseId) seenResponses.add(responseId);
      const base = { tokens, model: str(response?.model), timestamp, raw: event };
      run.model ??= base.model;
      if (action === "message") {
        const text = unixNewlines(str(args.content) ?? str(event.message) ?? "");
        if (event.source === "user" && run.task === undefined) run.task = text.trim();
        else if (event.source === "user") builder.add({ ...base, kind: "message", role: "user", text });
        else {
          builder.add({ ...base, kind: "message", role: "assistant", text, thought: str(args.thought) });
          lastAgentText = text;
        }
        continue;
      }
      const thought = str(args.thought) ?? (firstOfResponse ? responseText(response) : undefined);
      const step = builder.add(actionStep(event, args, { ...base, thought }));
      const id = idString(event.id);
      if (id) byEventId.set(id, step);
      if (action === "finish") run.finalAnswer = str(args.final_thought) ?? str(asObj(args.outputs)?.content) ?? str(event.message);
    } else if (observation && CONTEXT_OBSERVATIONS.has(observation)) {
      const state = str(asObj(event.extras)?.agent_state);
      if (state) agentStates.push(state);
      else context.push(contextNote(event, observation, str(event.message)));
    } else if (observation) {
      const cause = idString(event.cause);
      const callId = str(asObj(event.tool_call_metadata)?.tool_call_id);
      const step = (cause ? byEventId.get(cause) : undefined) ?? (callId ? builder.findByCallId(callId) : undefined);
      const text = unixNewlines(contentToText(event.content) || (str(event.message) ?? ""));
      const error = observationError(event, observation);
      if (step) setObservation(step, text, { ...error, raw: event, timestamp: step.timestamp ? undefined : timestamp });
      else builder.add({ kind: "unknown", sourceType: `observation:${observation}`, observation: text, isError: error.isError ?? false, errorMessage: error.errorMessage, timestamp, raw: event });
    } else {
      builder.add({ kind: "unknown", sourceType: str(event.kind) ?? "event", timestamp, raw: event });
    }
  }
  run.finalAnswer ??= lastAgentText;
  if (lastMetrics.prompt || lastMetrics.completion || lastMetrics.cost) {
    run.usage = compact({
      inputTokens: lastMetrics.prompt || undefined,
      outputTokens: lastMetrics.completion || undefined,
      cachedTokens: lastMetrics.cached || undefined,
      costUsd: lastMetrics.cost || undefined,
    });
  }
  if (context.length) run.extra.context = context;
  if (agentStates.length) run.extra.agentStates = agentStates;
  return run;
}
