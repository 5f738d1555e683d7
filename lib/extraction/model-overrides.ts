// Per-job model choice for an extraction: the stages it calls can run on other models than the
// Settings ones. Pure and client-safe (zod only): the panel, the action, the job and the CLI share it.
import { z } from "zod";
import type { LlmStage } from "../llm/types";

/** The LLM stages an extraction calls (the outcome classification runs on the attribution model). */
export const EXTRACTION_MODEL_STAGES = ["extraction", "attribution", "segmentation"] as const satisfies readonly LlmStage[];
export type ExtractionModelStage = (typeof EXTRACTION_MODEL_STAGES)[number];

/** A model name as providers spell them ("gpt-4.1-mini", "llama3.1:8b", "openrouter/x/y"): no blanks. */
export const modelNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a model name.")
  .max(200, "A model name has at most 200 characters.")
  .regex(/^[^\s\p{Cc}]+$/u, "A model name has no spaces or control characters.");

/** Overrides per stage; a stage left out runs on its Settings model. */
export const extractionModelsSchema = z.partialRecord(z.enum(EXTRACTION_MODEL_STAGES), modelNameSchema);
export type ExtractionModels = z.infer<typeof extractionModelsSchema>;

/** The extraction stages' models out of a full per-stage table. */
export function extractionModelsOf(models: Record<LlmStage, string>): Record<ExtractionModelStage, string> {
  return { extraction: models.extraction, attribution: models.attribution, segmentation: models.segmentation };
}

/**
 * Parses the CLI's `--model stage=name` values (repeatable). Throws a message naming the bad value;
 * the same schema as the job payload checks the names.
 */
export function parseModelFlags(values: readonly string[]): ExtractionModels {
  const raw: Record<string, string> = {};
  for (const value of values) {
    const separator = value.indexOf("=");
    const stage = value.slice(0, separator).trim();
    if (separator <= 0 || !(EXTRACTION_MODEL_STAGES as readonly string[]).includes(stage)) {
      throw new Error(`--model takes stage=model with a stage of ${EXTRACTION_MODEL_STAGES.join(", ")}; got "${value}".`);
    }
    if (stage in raw) throw new Error(`--model ${stage}=… is given twice.`);
    raw[stage] = value.slice(separator + 1);
  }
  const parsed = extractionModelsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`--model: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  }
  return parsed.data;
}

/** "extraction gpt-4.1-mini · attribution gpt-4.1 · …" for job rows and CLI output. */
export function describeModels(models: ExtractionModels): string {
  return EXTRACTION_MODEL_STAGES.filter((stage) => models[stage])
    .map((stage) => `${stage} ${models[stage]}`)
    .join(" · ");
}
