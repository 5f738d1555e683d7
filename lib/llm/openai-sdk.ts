import "server-only";
// One place that turns LlmConfig into an OpenAI SDK instance (used by the client and the
// connection test), including the "not configured" check users see in Settings.
import OpenAI from "openai";
import { AppError } from "../errors";
import type { LlmConfig } from "./types";

/** Header carrying the prompt id; the fake server (test/fake-openai) scripts responses by it. */
export const PROMPT_ID_HEADER = "x-debrief-prompt-id";
export const PROMPT_VERSION_HEADER = "x-debrief-prompt-version";

// Local servers (Ollama, LM Studio, vLLM) often need no key, but the SDK requires one.
const PLACEHOLDER_API_KEY = "not-needed";
// Explicit so the SDK never falls back to reading OPENAI_BASE_URL from the environment itself.
const OPENAI_BASE_URL = "https://api.openai.com/v1";

export function isLlmConfigured(config: Pick<LlmConfig, "baseURL" | "apiKey">): boolean {
  return Boolean(config.baseURL || config.apiKey);
}

export function llmNotConfiguredError(): AppError {
  return new AppError("LLM_NOT_CONFIGURED", {
    userMessage:
      "No LLM endpoint is configured. Set an OpenAI-compatible endpoint (base URL, API key, models) in Settings, " +
      "or set OPENAI_API_KEY (and OPENAI_BASE_URL for a non-OpenAI server) in the environment.",
  });
}

/** SDK retries are off: retry.ts retries so that every attempt is counted. */
export function createOpenAiSdk(config: LlmConfig): OpenAI {
  if (!isLlmConfigured(config)) throw llmNotConfiguredError();
  return new OpenAI({
    baseURL: config.baseURL || OPENAI_BASE_URL,
    apiKey: config.apiKey || PLACEHOLDER_API_KEY,
    maxRetries: 0,
    timeout: config.timeoutMs,
  });
}
