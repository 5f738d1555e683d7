// One trajectory step as prompt text: "[step N]" header, thought, action, observation. Long
// fields are cut in the middle to the caps given; error text is only cut when `errorTokens` says
// so (the last resort when errors alone exceed the budget).
import { detectFailure } from "../../analysis/failures";
import type { Step } from "../../trajectory/schema";
import { neutralizeFenceTags } from "./fence";
import { countTokens, truncateMiddle } from "./tokens";

export interface StepCaps {
  /** Max tokens per observation of a successful step. */
  observationTokens: number;
  /** Max tokens for thoughts, code, arguments and message text. */
  textTokens: number;
  /** Max tokens for an error step's observation and error message; null = never cut. */
  errorTokens: number | null;
}

export interface RenderedStep {
  index: number;
  isError: boolean;
  text: string;
  tokens: number;
  truncated: boolean;
}

export function renderStep(step: Step, caps: StepCaps): RenderedStep {
  // Importers flag most errors; strong unflagged signals (HTTP >= 400, tracebacks) count too.
  const isError = step.isError || detectFailure(step) !== null;
  let truncated = false;
  const cut = (value: string, cap: number | null): string => {
    const safe = neutralizeFenceTags(value);
    if (cap === null) return safe;
    const result = truncateMiddle(safe, cap);
    if (result.omittedTokens > 0) truncated = true;
    return result.text;
  };
  const lines = [`[step ${step.index}]${isError ? " ERROR" : ""}`];
  if (step.thought?.trim()) lines.push(`Thought: ${cut(step.thought.trim(), caps.textTokens)}`);
  lines.push(...actionLines(step, (value) => cut(value, caps.textTokens)));
  if (isError && step.errorMessage?.trim()) lines.push(`Error: ${cut(step.errorMessage.trim(), caps.errorTokens)}`);
  if (step.observation?.trim()) {
    const cap = isError ? caps.errorTokens : caps.observationTokens;
    lines.push(`Observation${isError ? " (error)" : ""}:\n${cut(step.observation.trim(), cap)}`);
  }
  const text = lines.join("\n");
  return { index: step.index, isError, text, tokens: countTokens(text), truncated };
}

function actionLines(step: Step, cut: (value: string) => string): string[] {
  switch (step.kind) {
    case "tool_call":
      return [`Action: call ${cut(step.name)}(${cut(compactArguments(step.arguments))})`];
    case "code":
      return [`Action (${step.language ?? "code"}):\n${cut(step.code.trim())}`];
    case "message":
      return [`Message (${step.role}): ${cut(step.text.trim())}`];
    case "unknown":
      return [`Event (${cut(step.sourceType ?? "unrecognised")})`];
  }
}

/** Arguments as compact JSON; a string argument (invalid JSON in the source) as is. */
export function compactArguments(args: unknown): string {
  if (args === undefined || args === null) return "";
  if (typeof args === "string") return args;
  try {
    return JSON.stringify(args) ?? "";
  } catch {
    return String(args);
  }
}
