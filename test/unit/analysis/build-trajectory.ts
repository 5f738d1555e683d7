// Small builders for hand-made trajectories in analysis / extraction tests. Steps are numbered by
// position and validated by the real schema, so tests see exactly what parseDocument produces.
import {
  normalizedTrajectorySchema,
  type NormalizedTrajectory,
  type NormalizedTrajectoryInput,
  type StepInput,
} from "@/lib/trajectory/schema";

/** A step without its index (assigned by position); distributive so each step kind keeps its fields. */
type StepDraft = StepInput extends infer S ? (S extends unknown ? Omit<S, "index"> : never) : never;
type Extra = Partial<Pick<StepInput, "thought" | "isError" | "errorMessage" | "tokens">>;

export function tool(name: string, args: unknown, observation?: string, extra: Extra = {}): StepDraft {
  return { kind: "tool_call", name, arguments: args, observation, ...extra };
}

export function code(source: string, observation?: string, extra: Extra = {}): StepDraft {
  return { kind: "code", language: "python", code: source, observation, ...extra };
}

export function say(text: string, extra: Extra = {}): StepDraft {
  return { kind: "message", role: "assistant", text, ...extra };
}

export function user(text: string, extra: Extra = {}): StepDraft {
  return { kind: "message", role: "user", text, ...extra };
}

/** An AppWorld-style REPL failure for the API call on `line` of the cell. */
export function replError(status: number, message: string, line = 1): string {
  return `Execution failed. Traceback:\n  File "<python-input>", line ${line}, in <module>\nException: Response status code is ${status}:\n{"message":"${message}"}`;
}

export function buildTrajectory(steps: StepDraft[], overrides: Partial<NormalizedTrajectoryInput> = {}): NormalizedTrajectory {
  return normalizedTrajectorySchema.parse({
    task: { description: "Do the task." },
    metadata: { sourceFormat: "debrief" },
    ...overrides,
    steps: steps.map((step, index) => ({ ...step, index })),
  });
}
