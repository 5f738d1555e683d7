// Turns a stream of assistant notes, actions and results into steps, shared by the chat-message
// and Responses-item normalizers. Assistant text is held back ("pending") until we know whether
// an action follows: then it is that action's thought; otherwise it closes as a message step.
// This keeps "thinking" and "I'll do X" turns from becoming empty steps without losing their text.
import type { StepInput } from "../schema";
import { StepListBuilder, setObservation } from "./builder";
import { detectErrorText } from "./errors";

export type NewStep = Parameters<StepListBuilder["add"]>[0];
type ActionStep = Extract<NewStep, { kind: "tool_call" | "code" | "unknown" }>;

export interface ResultInput {
  callId?: string;
  /** Tool name, for sources that link results by name (legacy role "function"). */
  name?: string;
  text: string;
  /** The source's explicit error flag; undefined lets the text heuristic decide. */
  isError?: boolean;
  errorMessage?: string;
  raw: unknown;
  timestamp?: string;
}

interface Note {
  text: string;
  isThought: boolean;
}

export class ConversationAccumulator {
  readonly builder = new StepListBuilder();
  private notes: Note[] = [];
  private pendingRaw: unknown[] = [];
  private finalStep: StepInput | undefined;

  get steps(): StepInput[] {
    return this.builder.steps;
  }

  /** Assistant text or reasoning that may turn out to be the thought of the next action. */
  note(text: string, isThought: boolean, raw: unknown): void {
    if (text.trim() !== "") this.notes.push({ text: text.trim(), isThought });
    this.holdRaw(raw);
  }

  /** Keeps a source record with the next step even when it carried no readable text (e.g. encrypted reasoning). */
  holdRaw(raw: unknown): void {
    if (raw !== undefined && !this.pendingRaw.includes(raw)) this.pendingRaw.push(raw);
  }

  /** Adds an action; pending notes become its thought and pending records join its raw. */
  action(step: ActionStep, raw: unknown): StepInput {
    const thought = this.notes.map((note) => note.text).join("\n\n") || undefined;
    const added = this.builder.add({ ...step, thought: step.thought ?? thought, raw: this.takeRaw(raw) } as NewStep);
    this.notes = [];
    this.finalStep = undefined;
    return added;
  }

  /** Closes the assistant turn: pending notes become one assistant message step. */
  flush(): void {
    if (this.notes.length === 0) {
      // Raw-only records (empty reasoning) with nothing after them: keep them visible as unknown.
      if (this.pendingRaw.length > 0) {
        const first = this.pendingRaw[0] as { type?: unknown } | null;
        const sourceType = typeof first?.type === "string" ? first.type : "assistant";
        this.builder.add({ kind: "unknown", sourceType, raw: this.takeRaw(undefined) });
      }
      return;
    }
    const thoughts = this.notes.filter((note) => note.isThought).map((note) => note.text);
    const texts = this.notes.filter((note) => !note.isThought).map((note) => note.text);
    const text = (texts.length > 0 ? texts : thoughts).join("\n\n");
    const thought = texts.length > 0 && thoughts.length > 0 ? thoughts.join("\n\n") : undefined;
    this.notes = [];
    this.finalStep = this.builder.add({ kind: "message", role: "assistant", text, thought, raw: this.takeRaw(undefined) });
  }

  /** A user / system / tool message that is not a call result. */
  message(role: "user" | "system" | "tool" | "assistant", text: string, raw: unknown): StepInput {
    this.flush();
    return this.builder.add({ kind: "message", role, text, raw });
  }

  /** A record no mapping understood, kept whole. */
  unknown(sourceType: string | undefined, raw: unknown): StepInput {
    this.flush();
    return this.builder.add({ kind: "unknown", sourceType, raw });
  }

  /** Attaches a result to its call (by id, else by name, else the latest open call); orphans become tool messages. */
  result(input: ResultInput): void {
    this.flush();
    const target = this.findCall(input);
    const options = { isError: input.isError, errorMessage: input.errorMessage, raw: input.raw, timestamp: input.timestamp };
    if (target) {
      setObservation(target, input.text, options);
      return;
    }
    const detected = input.isError === undefined ? detectErrorText(input.text) : undefined;
    const isError = input.isError ?? detected !== undefined;
    this.builder.add({
      kind: "message",
      role: "tool",
      text: input.text,
      ...(isError ? { isError, errorMessage: input.errorMessage ?? detected ?? input.text.split("\n")[0]?.slice(0, 500) } : {}),
      raw: input.raw,
      ...(input.timestamp ? { timestamp: input.timestamp } : {}),
    });
  }

  /** The last assistant message step when no action followed it. */
  finalAnswer(): string | undefined {
    return this.finalStep?.kind === "message" ? this.finalStep.text : undefined;
  }

  private findCall(input: ResultInput): StepInput | undefined {
    if (input.callId) {
      const byId = this.builder.findByCallId(input.callId);
      if (byId || !input.name) return byId;
    }
    const open = this.steps.filter((step) => step.kind === "tool_call" && step.observation === undefined);
    if (input.name) return open.findLast((step) => step.kind === "tool_call" && step.name === input.name);
    return input.callId ? undefined : open.at(-1);
  }

  private takeRaw(raw: unknown): unknown {
    const all = [...this.pendingRaw];
    if (raw !== undefined && !all.includes(raw)) all.push(raw);
    this.pendingRaw = [];
    return all.length <= 1 ? all[0] : all;
  }
}
