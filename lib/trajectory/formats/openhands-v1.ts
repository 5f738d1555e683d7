// OpenHands V1 SDK events (`kind: SystemPromptEvent | MessageEvent | ActionEvent |
// ObservationEvent | …`), read leniently: the shapes come from the SDK's documentation and
// third-party readers, not from a sampled file (FORMATS.md §6.3, "(docs)"). Observations link to
// their action by `action_id`, else by `tool_call_id`. Like V0, state/condensation events are
// plumbing and go to metadata; unknown kinds are kept as `unknown` steps.
import type { StepInput } from "../schema";
import { setObservation, StepListBuilder } from "../normalize/builder";
import { contentToText } from "../normalize/content";
import { errorFromExitCode } from "../normalize/errors";
import { parseArguments } from "../normalize/json-args";
import { asObj, idString, num, str, unixNewlines, type Obj } from "./agent-log-utils";
import { contextNote, type ContextNote } from "./openhands-events";
import type { OpenHandsRun } from "./openhands-v0";

const CONTEXT_KINDS = /^(?:ConversationStateUpdateEvent|Condensation|CondensationRequest|CondensationSummaryEvent|PauseEvent|TokenEvent|StateUpdate)/;
const COMMAND_ACTIONS = /^(?:ExecuteBash|Terminal|Bash)Action$/;

function textOf(value: unknown): string {
  return unixNewlines(contentToText(value));
}

function actionStep(event: Obj, base: Partial<StepInput>): Parameters<StepListBuilder["add"]>[0] {
  const action = asObj(event.action) ?? {};
  const kind = str(action.kind) ?? "";
  const toolCall = asObj(event.tool_call);
  const callId = str(event.tool_call_id) ?? str(toolCall?.id);
  if (COMMAND_ACTIONS.test(kind) && typeof action.command === "string") return { ...base, kind: "code", language: "bash", code: action.command };
  const { kind: _kind, ...args } = action;
  const fn = asObj(toolCall?.function);
  const name = str(event.tool_name) ?? str(toolCall?.name) ?? str(fn?.name) ?? (kind.replace(/Action$/, "") || "unknown");
  const argumentsValue = Object.keys(args).length > 0 ? args : parseArguments(toolCall?.arguments ?? fn?.arguments);
  return { ...base, kind: "tool_call", name, arguments: argumentsValue, callId };
}

/** Output text and error signal of an observation payload (terminal, file editor, MCP, finish…). */
function readObservation(observation: Obj): { text: string; isError?: boolean; errorMessage?: string } {
  const text = textOf(observation.content ?? observation.output ?? observation.text ?? observation.message);
  const exitCode = observation.exit_code ?? asObj(observation.metadata)?.exit_code;
  if (observation.timeout === true) return { text, isError: true, errorMessage: "command timed out" };
  if (observation.is_error === true || observation.error === true) return { text, isError: true };
  if (typeof observation.error === "string" && observation.error) return { text: text || observation.error, isError: true, errorMessage: observation.error };
  if (num(exitCode) !== undefined) return { text, ...errorFromExitCode(exitCode, text) };
  return { text, isError: observation.is_error === false ? false : undefined };
}

export function parseV1Events(events: Obj[]): OpenHandsRun {
  const builder = new StepListBuilder();
  const byEventId = new Map<string, StepInput>();
  const context: ContextNote[] = [];
  const seenResponses = new Set<string>();
  const run: OpenHandsRun = { steps: builder.steps, extra: {} };
  let lastAgentText: string | undefined;

  for (const event of events) {
    const kind = str(event.kind) ?? "";
    const timestamp = str(event.timestamp);
    if (kind === "SystemPromptEvent") {
      run.systemPrompt ??= str(textOf(event.system_prompt));
    } else if (CONTEXT_KINDS.test(kind)) {
      const update = str(event.key) ? `${event.key as string}=${typeof event.value === "string" ? event.value : JSON.stringify(event.value)}` : undefined;
      context.push(contextNote(event, kind, update ?? str(textOf(event.summary))));
    } else if (kind === "MessageEvent") {
      const message = asObj(event.llm_message) ?? {};
      const text = textOf(message.content);
      const role = str(message.role) ?? (event.source === "user" ? "user" : "assistant");
      if (role === "user" && run.task === undefined) run.task = text.trim();
      else if (role === "user") builder.add({ kind: "message", role: "user", text, timestamp, raw: event });
      else {
        builder.add({ kind: "message", role: "assistant", text, thought: str(message.reasoning_content), timestamp, raw: event });
        lastAgentText = text;
      }
    } else if (kind === "ActionEvent") {
      const responseId = str(event.llm_response_id);
      const first = !responseId || !seenResponses.has(responseId);
      if (responseId) seenResponses.add(responseId);
      const thought = first ? [str(event.reasoning_content), str(textOf(event.thought))].filter(Boolean).join("\n\n") : "";
      const step = builder.add(actionStep(event, { thought: thought || undefined, timestamp, raw: event }));
      const id = idString(event.id);
      if (id) byEventId.set(id, step);
      const action = asObj(event.action);
      if (str(action?.kind) === "FinishAction") run.finalAnswer = str(action?.message);
    } else if (kind === "ObservationEvent" || kind === "UserRejectObservation" || kind === "AgentErrorEvent") {
      const actionId = idString(event.action_id);
      const callId = str(event.tool_call_id);
      const step = (actionId ? byEventId.get(actionId) : undefined) ?? (callId ? builder.findByCallId(callId) : undefined);
      const read = kind === "ObservationEvent" ? readObservation(asObj(event.observation) ?? {})
        : kind === "UserRejectObservation" ? { text: str(event.rejection_reason) ?? "rejected by the user", isError: true, errorMessage: "rejected by the user" }
        : { text: str(event.error) ?? "", isError: true, errorMessage: str(event.error)?.split("\n")[0] };
      if (step) setObservation(step, read.text, { isError: read.isError, errorMessage: read.errorMessage, raw: event, timestamp });
      else builder.add({ kind: "unknown", sourceType: kind, observation: read.text, isError: read.isError ?? false, errorMessage: read.errorMessage, timestamp, raw: event });
    } else {
      builder.add({ kind: "unknown", sourceType: kind || "event", timestamp, raw: event });
    }
  }
  run.finalAnswer ??= lastAgentText;
  if (context.length) run.extra.context = context;
  return run;
}
