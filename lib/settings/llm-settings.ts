// LLM settings: stored values override the environment; the API key is write-only.
import { deleteSetting, getSetting, putSetting } from "../db/settings";
import { env } from "../env";
import { createLlmClient, llmConfigFromEnv } from "../llm";
import { LLM_STAGES, type LlmClient, type LlmConfig, type LlmStage } from "../llm/types";
import { llmSettingsInputSchema, type LlmSettingsInput, type LlmSettingsView } from "./schema";

const LLM_KEY = "llm";
const LLM_API_KEY_KEY = "llm.apiKey";

interface StoredLlmSettings {
  baseURL?: string;
  defaultModel?: string;
  stageModels?: Partial<Record<LlmStage, string>>;
}

export async function getLlmSettingsView(): Promise<LlmSettingsView> {
  const stored = (await getSetting<StoredLlmSettings>({ key: LLM_KEY })) ?? {};
  const storedKey = await getSetting<string>({ key: LLM_API_KEY_KEY });
  const defaultModel = stored.defaultModel ?? env.LLM_MODEL;
  const stageModels = stored.stageModels ?? {};
  return {
    baseURL: stored.baseURL ?? env.OPENAI_BASE_URL ?? null,
    baseURLSource: stored.baseURL ? "settings" : env.OPENAI_BASE_URL ? "env" : "default",
    apiKey: { isSet: Boolean(storedKey ?? env.OPENAI_API_KEY), source: storedKey ? "settings" : env.OPENAI_API_KEY ? "env" : "none" },
    defaultModel,
    stageModels,
    effectiveModels: effectiveModels(defaultModel, stageModels),
  };
}

export async function saveLlmSettings(input: LlmSettingsInput): Promise<LlmSettingsView> {
  const parsed = llmSettingsInputSchema.parse(input);
  const stageModels = Object.fromEntries(Object.entries(parsed.stageModels).filter(([, model]) => model));
  await putSetting({
    key: LLM_KEY,
    value: { baseURL: parsed.baseURL || undefined, defaultModel: parsed.defaultModel, stageModels },
  });
  if (parsed.clearApiKey) await deleteSetting({ key: LLM_API_KEY_KEY });
  else if (parsed.apiKey) await putSetting({ key: LLM_API_KEY_KEY, value: parsed.apiKey });
  return getLlmSettingsView();
}

/** Per-call-site model choice (e.g. one extraction job's), merged over the Settings models. */
export interface LlmConfigOverrides {
  models?: Partial<Record<LlmStage, string>>;
}

/** The configuration the LLM client runs with (server-side only: it holds the key). */
export async function getEffectiveLlmConfig({ models }: LlmConfigOverrides = {}): Promise<LlmConfig> {
  const view = await getLlmSettingsView();
  const storedKey = await getSetting<string>({ key: LLM_API_KEY_KEY });
  return llmConfigFromEnv({
    baseURL: view.baseURL ?? undefined,
    apiKey: storedKey ?? env.OPENAI_API_KEY,
    models: { ...view.effectiveModels, ...nonEmpty(models) },
  });
}

/** The LLM client pipeline stages use: Settings over env (and `overrides` over both), calls recorded in the LlmCall table. */
export async function getConfiguredLlmClient(overrides: LlmConfigOverrides = {}): Promise<LlmClient> {
  return createLlmClient({ config: await getEffectiveLlmConfig(overrides) });
}

function nonEmpty(models: Partial<Record<LlmStage, string>> | undefined): Partial<Record<LlmStage, string>> {
  return Object.fromEntries(Object.entries(models ?? {}).filter(([, model]) => model?.trim()));
}

function effectiveModels(defaultModel: string, stageModels: Partial<Record<LlmStage, string>>) {
  return Object.fromEntries(LLM_STAGES.map((stage) => [stage, stageModels[stage] || defaultModel])) as Record<
    LlmStage,
    string
  >;
}
