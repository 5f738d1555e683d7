// The linkage criteria and the rules every HAC path here shares. Keeping them in one place is
// what makes the exact and sparse paths agree bit for bit.
//
// A "link value" between two clusters A and B is kept on the integer similarity grid
// (quantized-similarity.ts):
//   average  — the SUM of the |A|·|B| pair similarities (UPGMA: the linkage is sum / (|A|·|B|))
//   single   — the largest pair similarity
//   complete — the smallest pair similarity
// Merging A and B into A∪B updates the link to any C from the two old links alone
// (the Lance–Williams recurrence; for average written on sums so that it stays exact):
//   average: S(A∪B, C) = S(A, C) + S(B, C);  single: max;  complete: min.
import { z } from "zod";

export const LINKAGES = ["average", "single", "complete"] as const;
export type Linkage = (typeof LINKAGES)[number];
export const LinkageSchema = z.enum(LINKAGES);

/** The paper's threshold on generalized descriptions (§3.2.2: "∼0.85"). */
export const DEFAULT_THRESHOLD = 0.85;
/** The paper does not name its linkage; average is the middle ground between chaining and splitting. */
export const DEFAULT_LINKAGE: Linkage = "average";
export const ThresholdSchema = z.number().gt(0).max(1);

/** The link value of A∪B to C, from the links of A and B to C. */
export function combineLinks(linkage: Linkage, first: number, second: number): number {
  if (linkage === "average") return first + second;
  if (linkage === "single") return first > second ? first : second;
  return first < second ? first : second;
}

/** The linkage similarity (on the grid) that ranks candidate merges: higher merges first. */
export function linkScore(linkage: Linkage, value: number, sizeA: number, sizeB: number): number {
  return linkage === "average" ? value / (sizeA * sizeB) : value;
}

/**
 * Whether A and B may merge: linkage similarity ≥ threshold. For average the test is on the
 * integers (sum ≥ τ·|A|·|B|), not on the rounded quotient, so it is exact.
 */
export function isMergeable(linkage: Linkage, value: number, sizeA: number, sizeB: number, thresholdQ: number): boolean {
  return linkage === "average" ? value >= thresholdQ * sizeA * sizeB : value >= thresholdQ;
}

/**
 * Which candidate merge goes first: the higher score; on a tie, the pair with the smaller
 * indices (clusters are named by their smallest member; compare the lower one, then the other).
 */
export function isBetterMerge(score: number, low: number, high: number, bestScore: number, bestLow: number, bestHigh: number): boolean {
  if (score !== bestScore) return score > bestScore;
  if (low !== bestLow) return low < bestLow;
  return high < bestHigh;
}
