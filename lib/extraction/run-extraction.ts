// Extraction of one stored trajectory, end to end: analyse, extract (LLM stages or the offline
// extractor), save the proposals (a re-run never duplicates them) and record the run.
import { analyzeTrajectory } from "../analysis";
import { createExtraction, finishExtraction } from "../db/extractions";
import { saveTipProposals, type TipProposalInput } from "../db/tips";
import { getNormalizedTrajectory } from "../db/trajectory-queries";
import { AppError } from "../errors";
import type { LlmClient } from "../llm/types";
import { extractTips, type ExtractionGranularity } from "./extract-tips";
import type { LlmCallInfo } from "./llm-call";
import { extractOfflineTips } from "./offline";
import { PROMPT_ID as TIPS_PROMPT_ID } from "./tips/prompt";

export type ExtractionMode = "llm" | "offline";

export interface ExtractionSummary {
  trajectoryId: string;
  extractionId: string;
  created: string[];
  existing: number;
  proposals: (TipProposalInput & { indexDescription?: string | null })[];
  llmCalls: number;
  tokens: number;
  costUsd: number | null;
}

export async function runExtraction(
  { trajectoryId, granularity, mode, jobId = null, actor }: { trajectoryId: string; granularity: ExtractionGranularity; mode: ExtractionMode; jobId?: string | null; actor: string },
  deps: { llm: () => Promise<LlmClient> },
): Promise<ExtractionSummary> {
  const loaded = await getNormalizedTrajectory({ id: trajectoryId });
  if (!loaded) throw new AppError("NOT_FOUND", { userMessage: `No trajectory ${trajectoryId}.` });
  const { projectId, trajectory } = loaded;
  const analysis = analyzeTrajectory(trajectory);
  const extraction = await createExtraction({ projectId, trajectoryId, jobId, granularity, extractor: mode === "llm" ? "llm" : "heuristic" });
  try {
    const result = mode === "llm" ? await extractTips(trajectory, { granularity, projectId }, { llm: await deps.llm() }) : null;
    const proposals: ExtractionSummary["proposals"] = result ? result.tips : extractOfflineTips(trajectory, analysis);
    const saved = await saveTipProposals({
      projectId,
      trajectoryId,
      extractionId: extraction.id,
      taskDescription: trajectory.task.description,
      outcomeLabel: trajectory.outcome.label,
      proposals,
      llm: result ? { model: tipsModelOf(result.callLog), promptVersion: result.callLog.map((c) => `${c.promptId}@${c.promptVersion}`).join(",") || null, costUsd: result.costUsd } : undefined,
      actor,
    });
    await finishExtraction({
      id: extraction.id,
      status: "succeeded",
      analysis: analysis as object,
      outcomeCategory: result?.outcome.category ?? analysis.outcome?.category ?? null,
      outcomeInferred: result?.outcome.inferred ?? false,
      attribution: (result?.attribution ?? undefined) as object | undefined,
      subtasks: (result?.subtasks ?? undefined) as object | undefined,
      issues: (result?.issues ?? []) as object,
      llmCalls: result?.calls ?? 0,
      inputTokens: result?.usage.inputTokens ?? 0,
      outputTokens: result?.usage.outputTokens ?? 0,
      costUsd: result ? result.costUsd : 0,
    });
    return {
      trajectoryId,
      extractionId: extraction.id,
      ...saved,
      proposals,
      llmCalls: result?.calls ?? 0,
      tokens: (result?.usage.inputTokens ?? 0) + (result?.usage.outputTokens ?? 0),
      costUsd: result ? result.costUsd : 0,
    };
  } catch (error) {
    await finishExtraction({ id: extraction.id, status: "failed", error: error instanceof AppError ? error.userMessage : String(error) });
    throw error;
  }
}

/** A tip records the model that wrote it (the tips calls'), not the attribution model of the first call. */
function tipsModelOf(callLog: readonly LlmCallInfo[]): string | null {
  return (callLog.find((call) => call.promptId === TIPS_PROMPT_ID) ?? callLog[0])?.model ?? null;
}
