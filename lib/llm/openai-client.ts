import "server-only";
// The real LlmClient: any OpenAI-compatible server through the official SDK (Chat Completions,
// the API every compatible server implements). Cache first, then concurrency-limited requests
// with counted retries, structured output with fallback and repair, and a log row per call.
import type OpenAI from "openai";
import pLimit, { type LimitFunction } from "p-limit";
import { AppError } from "../errors";
import { buildCacheKey, hashLlmInput } from "./cache-key";
import type { LlmCallRecord, LlmCallStore } from "./call-store";
import { sharedJsonSchemaSupport, type JsonSchemaSupport } from "./json-schema-support";
import { createOpenAiSdk, PROMPT_ID_HEADER, PROMPT_VERSION_HEADER } from "./openai-sdk";
import { costFor } from "./prices";
import { describeLlmFailure } from "./provider-error";
import { toJsonSchemaFormat, type JsonSchemaFormat } from "./response-format";
import { withRetry, type RetryPolicy } from "./retry";
import { runStructuredCall, type SendCompletion, type StructuredCallTrace } from "./structured-call";
import type { GenerateObjectArgs, GenerateObjectResult, LlmClient, LlmConfig, LlmUsage } from "./types";

/** Seams for tests (fast backoff, fixed jitter) and for sharing the json_schema memory. */
export interface OpenAiLlmClientDeps {
  sleep?: (ms: number) => Promise<void>;
  /** First retry delay; doubles per retry. Default 1 s. */
  baseDelayMs?: number;
  /** Cap for backoff and retry-after. Default 30 s. */
  maxDelayMs?: number;
  random?: () => number;
  now?: () => number;
  jsonSchemaSupport?: JsonSchemaSupport;
}

type CallContext = Omit<LlmCallRecord, "status" | "cacheHit" | "attempts" | "inputTokens" | "outputTokens" | "latencyMs" | "costUsd" | "request" | "response" | "error">;

interface CallState extends StructuredCallTrace {
  attempts: number;
  usage: LlmUsage;
}

export function createOpenAiLlmClient(config: LlmConfig, store: LlmCallStore, deps: OpenAiLlmClientDeps = {}): LlmClient {
  const now = deps.now ?? Date.now;
  const limit = pLimit(config.concurrency);
  const policy: RetryPolicy = {
    maxRetries: config.maxRetries,
    baseDelayMs: deps.baseDelayMs ?? 1_000,
    maxDelayMs: deps.maxDelayMs ?? 30_000,
    random: deps.random ?? Math.random,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now,
  };
  const jsonSchemaSupport = deps.jsonSchemaSupport ?? sharedJsonSchemaSupport;
  let sdk: OpenAI | undefined;

  async function generateObject<T>(args: GenerateObjectArgs<T>): Promise<GenerateObjectResult<T>> {
    sdk ??= createOpenAiSdk(config); // throws LLM_NOT_CONFIGURED before anything else
    const client = sdk;
    const model = config.models[args.stage];
    const format = toJsonSchemaFormat(args.schema, args.schemaName);
    const { promptId, promptVersion, system, input } = args;
    const inputHash = hashLlmInput({ model, promptId, promptVersion, system, input, jsonSchema: format.schema });
    const context: CallContext = {
      projectId: args.projectId ?? null,
      stage: args.stage,
      model,
      promptId,
      promptVersion,
      inputHash,
      cacheKey: buildCacheKey({ model, promptVersion, inputHash }),
    };
    const startedAt = now();

    const hit = await serveFromCache(store, context, args, format, () => now() - startedAt);
    if (hit) return hit;

    const state: CallState = { attempts: 0, usage: { inputTokens: 0, outputTokens: 0 }, mode: "json_schema", repaired: false, lastOutput: null };
    const send = createSender({ client, limit, policy, model, args, format, state });
    let object: T;
    try {
      object = await runStructuredCall({ ...args, format, baseURL: config.baseURL, model, jsonSchemaSupport, send, trace: state });
    } catch (error) {
      const userMessage = describeLlmFailure(error, { promptId, promptVersion, model, attempts: state.attempts, timeoutMs: config.timeoutMs });
      // The provider failure is what the user needs; a failing log write must not replace it.
      await store
        .record({
          ...context,
          ...outcome("error", state, now() - startedAt, costFor(model, state.usage, config.prices)),
          request: requestSummary(args, format, state),
          response: state.lastOutput === null ? null : { raw: state.lastOutput.slice(0, 20_000) },
          error: userMessage,
        })
        .catch(() => undefined);
      throw new AppError("LLM_ERROR", { userMessage, cause: error });
    }

    const costUsd = costFor(model, state.usage, config.prices);
    const { id } = await store.record({
      ...context,
      ...outcome("ok", state, now() - startedAt, costUsd),
      request: requestSummary(args, format, state),
      response: object,
      error: null,
    });
    return { object, callId: id, cached: false, model, usage: { ...state.usage }, costUsd };
  }

  return { generateObject };
}

/** A cached object that no longer validates (schema changed without a version bump) is a miss. */
async function serveFromCache<T>(
  store: LlmCallStore,
  context: CallContext,
  args: GenerateObjectArgs<T>,
  format: JsonSchemaFormat,
  elapsedMs: () => number,
): Promise<GenerateObjectResult<T> | null> {
  const cached = await store.findCached(context.cacheKey);
  if (!cached) return null;
  const parsed = args.schema.safeParse(cached.response);
  if (!parsed.success) return null;
  const noUsage = { inputTokens: 0, outputTokens: 0 };
  const { id } = await store.record({
    ...context,
    ...outcome("ok", { attempts: 0, usage: noUsage }, elapsedMs(), 0),
    cacheHit: true,
    request: { ...requestSummary(args, format, null), cachedCallId: cached.id },
    response: parsed.data,
    error: null,
  });
  return { object: parsed.data, callId: id, cached: true, model: context.model, usage: noUsage, costUsd: 0 };
}

/** One logical request: retried as a whole, each HTTP attempt inside the shared concurrency limit. */
function createSender({
  client,
  limit,
  policy,
  model,
  args,
  format,
  state,
}: {
  client: OpenAI;
  limit: LimitFunction;
  policy: RetryPolicy;
  model: string;
  args: GenerateObjectArgs<unknown>;
  format: JsonSchemaFormat;
  state: CallState;
}): SendCompletion {
  const headers = { [PROMPT_ID_HEADER]: args.promptId, [PROMPT_VERSION_HEADER]: args.promptVersion };
  return (mode, messages) =>
    withRetry(
      () =>
        limit(async () => {
          state.attempts += 1;
          const completion = await client.chat.completions.create(
            {
              model,
              messages,
              ...(args.temperature === undefined ? {} : { temperature: args.temperature }),
              response_format: mode === "json_schema" ? { type: "json_schema", json_schema: format } : { type: "json_object" },
            },
            { headers },
          );
          state.usage.inputTokens += completion.usage?.prompt_tokens ?? 0;
          state.usage.outputTokens += completion.usage?.completion_tokens ?? 0;
          return completion;
        }),
      policy,
    );
}

function outcome(status: "ok" | "error", state: Pick<CallState, "attempts" | "usage">, latencyMs: number, costUsd: number | null) {
  return {
    status,
    cacheHit: false,
    attempts: state.attempts,
    inputTokens: state.usage.inputTokens,
    outputTokens: state.usage.outputTokens,
    latencyMs,
    costUsd,
  };
}

function requestSummary(args: GenerateObjectArgs<unknown>, format: JsonSchemaFormat, state: CallState | null) {
  return {
    schemaName: format.name,
    strictSchema: format.strict,
    mode: state?.mode ?? null,
    repaired: state?.repaired ?? false,
    temperature: args.temperature ?? null,
    systemChars: args.system.length,
    inputChars: args.input.length,
  };
}
