// The request flow for one structured-output call, independent of caching and recording:
// json_schema first → JSON-mode fallback when the server rejects it → one repair turn.
import type OpenAI from "openai";
import type { z } from "zod";
import type { JsonSchemaSupport } from "./json-schema-support";
import { parseStructuredOutput } from "./parse-output";
import {
  isJsonSchemaRejection,
  jsonModeSystemPrompt,
  repairPrompt,
  type JsonSchemaFormat,
  type OutputMode,
} from "./response-format";

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type Completion = OpenAI.Chat.Completions.ChatCompletion;

/** Sends one logical request (retries inside); the caller counts attempts and tokens. */
export type SendCompletion = (mode: OutputMode, messages: Message[]) => Promise<Completion>;

/** What happened during the flow, for the call log. */
export interface StructuredCallTrace {
  mode: OutputMode;
  repaired: boolean;
  /** Last raw model output, kept for error rows. */
  lastOutput: string | null;
}

/** The model's output stayed invalid after the repair turn. */
export class InvalidModelOutputError extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = "InvalidModelOutputError";
  }
}

export async function runStructuredCall<T>(args: {
  schema: z.ZodType<T>;
  format: JsonSchemaFormat;
  system: string;
  input: string;
  baseURL: string | undefined;
  model: string;
  jsonSchemaSupport: JsonSchemaSupport;
  send: SendCompletion;
  trace: StructuredCallTrace;
}): Promise<T> {
  const { trace, send } = args;
  trace.mode = args.jsonSchemaSupport.isUnsupported(args.baseURL, args.model) ? "json_object" : "json_schema";
  let messages = buildMessages(trace.mode, args);
  let completion: Completion;
  try {
    completion = await send(trace.mode, messages);
  } catch (error) {
    if (trace.mode !== "json_schema" || !isJsonSchemaRejection(error)) throw error;
    args.jsonSchemaSupport.markUnsupported(args.baseURL, args.model);
    trace.mode = "json_object";
    messages = buildMessages(trace.mode, args);
    completion = await send(trace.mode, messages);
  }

  const first = readOutput(completion, args.schema, trace);
  if (first.ok) return first.value;

  // Exactly one repair turn: show the model its output and what is wrong with it.
  trace.repaired = true;
  const repairMessages: Message[] = [
    ...messages,
    { role: "assistant", content: trace.lastOutput ?? "" },
    { role: "user", content: repairPrompt(first.problem) },
  ];
  const second = readOutput(await send(trace.mode, repairMessages), args.schema, trace);
  if (second.ok) return second.value;
  throw new InvalidModelOutputError(second.problem);
}

function buildMessages(mode: OutputMode, args: { system: string; input: string; format: JsonSchemaFormat }): Message[] {
  const system = mode === "json_schema" ? args.system : jsonModeSystemPrompt(args.system, args.format);
  return [
    { role: "system", content: system },
    { role: "user", content: args.input },
  ];
}

function readOutput<T>(completion: Completion, schema: z.ZodType<T>, trace: StructuredCallTrace) {
  const message = completion.choices[0]?.message;
  trace.lastOutput = message?.content ?? null;
  if (message?.refusal) return { ok: false as const, problem: `The model refused: ${message.refusal}` };
  return parseStructuredOutput(message?.content, schema);
}
