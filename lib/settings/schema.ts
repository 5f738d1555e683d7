// Settings forms and server actions share these schemas (one source of truth at the edge).
import { z } from "zod";
import { LLM_STAGES } from "../llm/types";

const modelName = z.string().trim().min(1, "Enter a model name.").max(200);

export const llmSettingsInputSchema = z.object({
  baseURL: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || (/^https?:\/\//i.test(value) && URL.canParse(value)),
      "Enter a full URL such as https://api.openai.com/v1.",
    )
    .optional(),
  /** Write-only: empty or missing keeps the stored key; `clearApiKey` removes it. */
  apiKey: z.string().trim().max(500).optional(),
  clearApiKey: z.boolean().optional(),
  defaultModel: modelName,
  /** Per-stage overrides; empty means "use the default model". */
  stageModels: z.partialRecord(z.enum(LLM_STAGES), z.string().trim().max(200)).default({}),
});
export type LlmSettingsInput = z.input<typeof llmSettingsInputSchema>;

export const embeddingSettingsInputSchema = z.object({
  model: modelName,
  /** Only for OpenAI-compatible models; the local embedder's dimension is fixed. */
  dimension: z.coerce.number().int().min(1).max(16_000).optional(),
});
export type EmbeddingSettingsInput = z.input<typeof embeddingSettingsInputSchema>;

/** What the browser may see of the LLM settings: never the key itself. */
export interface LlmSettingsView {
  baseURL: string | null;
  baseURLSource: "settings" | "env" | "default";
  apiKey: { isSet: boolean; source: "settings" | "env" | "none" };
  defaultModel: string;
  stageModels: Partial<Record<(typeof LLM_STAGES)[number], string>>;
  effectiveModels: Record<(typeof LLM_STAGES)[number], string>;
}

export interface EmbeddingSettingsView {
  model: string;
  dimension: number | null;
  isLocal: boolean;
}
