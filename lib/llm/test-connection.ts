import "server-only";
// "Test connection" in Settings: one tiny chat completion, so users see the provider's own
// error (bad key, unknown model, wrong URL) before starting a long job. Never throws.
import { isAppError } from "../errors";
import { createOpenAiSdk, PROMPT_ID_HEADER } from "./openai-sdk";
import { describeProviderError } from "./provider-error";
import type { LlmConfig, LlmStage } from "./types";

/** Prompt id of the connection probe (the fake server answers it with plain text by default). */
export const CONNECTION_TEST_PROMPT_ID = "debrief.connection-test";

export type LlmConnectionTestResult = { ok: true; model: string; latencyMs: number } | { ok: false; error: string };

export async function testLlmConnection(
  config: LlmConfig,
  options: { stage?: LlmStage; now?: () => number } = {},
): Promise<LlmConnectionTestResult> {
  const now = options.now ?? Date.now;
  const model = config.models[options.stage ?? "extraction"];
  const startedAt = now();
  try {
    const sdk = createOpenAiSdk(config);
    await sdk.chat.completions.create(
      {
        model,
        messages: [{ role: "user", content: "Reply with the single word: ok" }],
        // max_completion_tokens, not max_tokens: reasoning models reject the latter.
        max_completion_tokens: 16,
      },
      { headers: { [PROMPT_ID_HEADER]: CONNECTION_TEST_PROMPT_ID } },
    );
    return { ok: true, model, latencyMs: now() - startedAt };
  } catch (error) {
    const reason = isAppError(error) ? error.userMessage : describeProviderError(error, config.timeoutMs);
    return { ok: false, error: `Model ${model}: ${reason}` };
  }
}
