// Evaluates cosine retrieval over a project's evaluation set across τ × k (metrics.ts): every task
// is embedded once, its similarity to every retrievable tip's index vector computed in memory (the
// vectors are read in one query), and each grid cell re-ranks those candidates with rank.ts — no
// database round trip per task or per cell. The granularity and approved-only setting are the
// project's; no application filter (an evaluation set spans applications). Nothing is logged: an
// evaluation is not a retrieval an agent received.
import { performance } from "node:perf_hooks";
import { listEvaluationTasks, listRankableTips } from "../../db/retrieval-evaluation";
import { listEmbeddingVectors } from "../../db/vectors";
import type { TipStatus } from "../../db/generated/client";
import type { EmbeddingClient } from "../../embeddings/types";
import { AppError } from "../../errors";
import { dotProduct, normalize } from "../../consolidation/cluster/similarity";
import { TIP_INDEX_OWNER } from "../index-text";
import { retrievableStatuses, type RankableTip } from "../rank";
import type { RetrievalGranularity } from "../schema";
import { getProjectRetrievalSettings } from "../settings";
import { bestCell, DEFAULT_THRESHOLDS, DEFAULT_TOP_KS, evaluateGrid, matchCounts, selectFor, type EvaluationCase, type GridCell } from "./metrics";
import { MAX_EVALUATION_TASKS } from "./schema";

const EMBED_BATCH = 64;

export interface TaskOutcome {
  id: string;
  task: string;
  expected: number;
  selected: number;
  truePositives: number;
}

export interface EvaluationReport {
  tasks: number;
  /** Retrievable tips (approved, or approved + proposed) with an index vector: what every task is ranked against. */
  candidateTips: number;
  /** Retrievable tips without an index vector under the current embedder (never retrieved until reindexed). */
  unindexedTips: number;
  /** Expected tips that are no longer retrievable (rejected, merged, archived): left out of the expectations. */
  staleExpected: number;
  settings: { granularity: RetrievalGranularity; approvedOnly: boolean; model: string; threshold: number; topK: number | null };
  thresholds: number[];
  topKs: (number | null)[];
  /** τ-major: thresholds[0] × every k, then thresholds[1] × every k, … */
  cells: GridCell[];
  best: GridCell | null;
  /** The project's current default τ and k, evaluated the same way. */
  current: GridCell | null;
  /** Each task at the best setting. */
  perTask: TaskOutcome[];
  latencyMs: number;
}

export async function evaluateRetrieval({ projectId }: { projectId: string }, deps: { embedder: EmbeddingClient }): Promise<EvaluationReport> {
  const started = performance.now();
  const settings = await getProjectRetrievalSettings({ projectId });
  const tasks = await listEvaluationTasks({ projectId });
  if (tasks.length > MAX_EVALUATION_TASKS) {
    throw new AppError("INVALID_INPUT", { userMessage: `The evaluation set has ${tasks.length} tasks; at most ${MAX_EVALUATION_TASKS} are evaluated at once. Delete some first.` });
  }
  const { model, dimension } = deps.embedder;
  const [tips, stored] = await Promise.all([
    listRankableTips({ projectId, statuses: retrievableStatuses(settings.approvedOnly) as TipStatus[] }),
    listEmbeddingVectors({ projectId, ownerType: TIP_INDEX_OWNER, model, dimension }),
  ]);
  const vectorOf = new Map(stored.map((row) => [row.ownerId, normalize(row.vector)]));
  const indexed = tips.filter((tip) => vectorOf.has(tip.id));
  const retrievable = new Set(tips.map((tip) => tip.id));
  const taskVectors = await embedOnce(tasks.map((task) => task.task), deps.embedder);
  const thresholds = [...DEFAULT_THRESHOLDS];
  const topKs = [...DEFAULT_TOP_KS];
  const floor = Math.min(settings.threshold, ...thresholds);

  let staleExpected = 0;
  const cases: EvaluationCase[] = tasks.map((task, i) => {
    const query = taskVectors[i]!;
    const ignored = new Set(task.ignoredTipIds);
    const candidates: RankableTip[] = [];
    for (const tip of indexed) {
      if (ignored.has(tip.id)) continue;
      const similarity = dotProduct(query, vectorOf.get(tip.id)!);
      // Below every τ of the grid a candidate can never be selected: dropping it changes no cell.
      if (similarity >= floor) candidates.push({ ...tip, similarity });
    }
    const expectedTipIds = task.expectedTipIds.filter((id) => retrievable.has(id) && !ignored.has(id));
    staleExpected += task.expectedTipIds.length - expectedTipIds.length;
    return { id: task.id, expectedTipIds, candidates };
  });

  const options = { granularity: settings.granularity, approvedOnly: settings.approvedOnly };
  const cells = evaluateGrid(cases, { ...options, thresholds, topKs });
  const best = bestCell(cells);
  const current = cases.length > 0 ? evaluateGrid(cases, { ...options, thresholds: [settings.threshold], topKs: [settings.topK] })[0]! : null;
  const perTask = best ? cases.map((item, i) => outcomeAt(item, tasks[i]!.task, best, options)) : [];
  return {
    tasks: tasks.length,
    candidateTips: indexed.length,
    unindexedTips: tips.length - indexed.length,
    staleExpected,
    settings: { ...options, model, threshold: settings.threshold, topK: settings.topK },
    thresholds,
    topKs,
    cells,
    best,
    current,
    perTask,
    latencyMs: Math.round(performance.now() - started),
  };
}

/** Unit-length vectors of the texts, each distinct text embedded once, in batches. */
async function embedOnce(texts: string[], embedder: EmbeddingClient): Promise<number[][]> {
  const distinct = [...new Set(texts)];
  const vectors = new Map<string, number[]>();
  for (let start = 0; start < distinct.length; start += EMBED_BATCH) {
    const batch = distinct.slice(start, start + EMBED_BATCH);
    const embedded = await embedder.embed(batch);
    batch.forEach((text, i) => vectors.set(text, normalize(embedded[i]!)));
  }
  return texts.map((text) => vectors.get(text)!);
}

function outcomeAt(item: EvaluationCase, task: string, cell: GridCell, options: { granularity: RetrievalGranularity; approvedOnly: boolean }): TaskOutcome {
  const selected = selectFor(item.candidates, { threshold: cell.threshold, topK: cell.topK, ...options });
  return { id: item.id, task, expected: item.expectedTipIds.length, selected: selected.length, truePositives: matchCounts(selected, item.expectedTipIds).truePositives };
}
