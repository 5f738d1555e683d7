// Accumulates steps in order, numbering them, and attaches observations to earlier calls by id.
import type { StepInput } from "../schema";
import { detectErrorText } from "./errors";

type NewStep = StepInput extends infer S ? (S extends StepInput ? Omit<S, "index"> : never) : never;

export class StepListBuilder {
  readonly steps: StepInput[] = [];
  private readonly byCallId = new Map<string, StepInput>();

  /** Appends a step and returns it (with its index). */
  add(step: NewStep): StepInput {
    const indexed = { ...step, index: this.steps.length } as StepInput;
    this.steps.push(indexed);
    if (indexed.kind === "tool_call" && indexed.callId) this.byCallId.set(indexed.callId, indexed);
    return indexed;
  }

  /** The last step, if any. */
  last(): StepInput | undefined {
    return this.steps.at(-1);
  }

  findByCallId(callId: string): StepInput | undefined {
    return this.byCallId.get(callId);
  }

  /**
   * Attaches a tool result to the call with that id (appending when the call already has one).
   * Returns false when no such call exists, so the caller can keep the result as its own step.
   */
  attachObservation(
    callId: string | undefined,
    observation: string,
    options: { isError?: boolean; errorMessage?: string; raw?: unknown; timestamp?: string } = {},
  ): boolean {
    const step = callId ? this.byCallId.get(callId) : undefined;
    if (!step) return false;
    setObservation(step, observation, options);
    return true;
  }
}

/** Sets (or appends to) a step's observation; flags an error from the explicit signal or, lacking one, the text. */
export function setObservation(
  step: StepInput,
  observation: string,
  { isError, errorMessage, raw, timestamp }: { isError?: boolean; errorMessage?: string; raw?: unknown; timestamp?: string } = {},
): void {
  step.observation = step.observation ? `${step.observation}\n${observation}` : observation;
  const detected = isError === undefined ? detectErrorText(observation) : undefined;
  if (isError || detected) {
    step.isError = true;
    step.errorMessage = errorMessage ?? step.errorMessage ?? detected ?? observation.split("\n")[0]?.slice(0, 500);
  }
  if (raw !== undefined) step.raw = step.raw === undefined ? { result: raw } : { call: step.raw, result: raw };
  if (timestamp && !step.timestamp) step.timestamp = timestamp;
}
