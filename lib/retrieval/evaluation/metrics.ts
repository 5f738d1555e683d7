// PURE: how well cosine retrieval finds an evaluation set's expected tips, across a grid of τ × k.
//
// Each task brings its candidates (every retrievable tip with its similarity to the task, embedded
// once) and the ids it expects. A grid cell re-ranks those candidates with rank.ts — the very rules
// retrieval applies — so no cell needs the database or the embedder again.
//
// Micro-averaged over the tasks (every expected / selected tip counts once, so a task with many
// expected tips weighs more than a task with one):
//   precision = TP / (TP + FP), and 1 when nothing was selected at all (no wrong tip was injected);
//   recall    = TP / (TP + FN), and 1 when nothing was expected at all (nothing was missed);
//   F1        = 2PR / (P + R), and 0 when P + R = 0.
// So "select nothing" scores P = 1, R = 0, F1 = 0 whenever something was expected.
//
// The best cell has the highest F1; ties go to higher precision (fewer wrong tips in the prompt),
// then fewer tips selected per task (a shorter prompt), then the higher τ, then the smaller k
// (no k counts as the largest).
import { rankCandidates, type RankableTip } from "../rank";
import type { RetrievalGranularity } from "../schema";

/** τ from 0.30 to 0.90 in steps of 0.05. */
export const DEFAULT_THRESHOLDS: readonly number[] = Array.from({ length: 13 }, (_, i) => Math.round((0.3 + i * 0.05) * 100) / 100);
/** No limit, then 1, 3, 5, 10. */
export const DEFAULT_TOP_KS: readonly (number | null)[] = [null, 1, 3, 5, 10];

export interface EvaluationCase {
  id: string;
  /** The tips retrieval should return. */
  expectedTipIds: readonly string[];
  /** Every retrievable tip with its similarity to the task (tips left out of this task already removed). */
  candidates: readonly RankableTip[];
}

export interface MatchCounts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface RetrievalScores {
  precision: number;
  recall: number;
  f1: number;
}

export interface GridCell extends MatchCounts, RetrievalScores {
  threshold: number;
  topK: number | null;
  /** Mean number of tips selected per task. */
  meanSelected: number;
}

export interface GridOptions {
  thresholds?: readonly number[];
  topKs?: readonly (number | null)[];
  granularity: RetrievalGranularity;
  approvedOnly: boolean;
}

/** TP / FP / FN of one task's selection against what it expects. */
export function matchCounts(selectedIds: readonly string[], expectedIds: readonly string[]): MatchCounts {
  const expected = new Set(expectedIds);
  const selected = new Set(selectedIds);
  let truePositives = 0;
  for (const id of selected) if (expected.has(id)) truePositives += 1;
  return { truePositives, falsePositives: selected.size - truePositives, falseNegatives: expected.size - truePositives };
}

/** Precision, recall and F1 from summed counts (definitions for empty selections in the header). */
export function scoresOf({ truePositives, falsePositives, falseNegatives }: MatchCounts): RetrievalScores {
  const selected = truePositives + falsePositives;
  const expected = truePositives + falseNegatives;
  const precision = selected === 0 ? 1 : truePositives / selected;
  const recall = expected === 0 ? 1 : truePositives / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** The tips one setting selects for one task, best first. */
export function selectFor(candidates: readonly RankableTip[], { threshold, topK, granularity, approvedOnly }: { threshold: number; topK: number | null; granularity: RetrievalGranularity; approvedOnly: boolean }): string[] {
  return rankCandidates(candidates, { threshold, topK, granularity, approvedOnly, applications: null, scoring: { kind: "similarity" } }).selected.map((candidate) => candidate.tip.id);
}

/** One cell per (τ, k), τ-major in the order given. */
export function evaluateGrid(cases: readonly EvaluationCase[], options: GridOptions): GridCell[] {
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS;
  const topKs = options.topKs ?? DEFAULT_TOP_KS;
  const cells: GridCell[] = [];
  for (const threshold of thresholds) {
    for (const topK of topKs) {
      const sum: MatchCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
      let selectedTotal = 0;
      for (const task of cases) {
        const selected = selectFor(task.candidates, { threshold, topK, granularity: options.granularity, approvedOnly: options.approvedOnly });
        const counts = matchCounts(selected, task.expectedTipIds);
        sum.truePositives += counts.truePositives;
        sum.falsePositives += counts.falsePositives;
        sum.falseNegatives += counts.falseNegatives;
        selectedTotal += selected.length;
      }
      cells.push({ threshold, topK, ...sum, ...scoresOf(sum), meanSelected: cases.length > 0 ? selectedTotal / cases.length : 0 });
    }
  }
  return cells;
}

const EPSILON = 1e-12;

/** The cell to recommend (tie-breaking in the header); null for an empty grid. */
export function bestCell<T extends GridCell>(cells: readonly T[]): T | null {
  let best: T | null = null;
  for (const cell of cells) if (best === null || isBetter(cell, best)) best = cell;
  return best;
}

function isBetter(a: GridCell, b: GridCell): boolean {
  if (Math.abs(a.f1 - b.f1) > EPSILON) return a.f1 > b.f1;
  if (Math.abs(a.precision - b.precision) > EPSILON) return a.precision > b.precision;
  if (Math.abs(a.meanSelected - b.meanSelected) > EPSILON) return a.meanSelected < b.meanSelected;
  if (a.threshold !== b.threshold) return a.threshold > b.threshold;
  return (a.topK ?? Infinity) < (b.topK ?? Infinity);
}
