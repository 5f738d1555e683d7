// What a consolidation proposal carries and how it is identified (pure: no db, no llm).
import { createHash } from "node:crypto";

export const PROPOSAL_KINDS = ["merge", "conflict", "keep"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

export { proposedTipSchema, type ProposedTip } from "./proposed-tip";

/** Same kind over the same tips = the same proposal, whichever run makes it. */
export function proposalFingerprint(kind: ProposalKind, tipIds: readonly string[]): string {
  return createHash("sha256").update(`${kind}\u0000${[...tipIds].sort().join(",")}`).digest("hex");
}

/** An unordered pair of tips as stored (smaller id first) and as a lookup key. */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export function pairKey(a: string, b: string): string {
  return orderedPair(a, b).join("|");
}

/** Every unordered pair of a set of tips. */
export function pairsOf(tipIds: readonly string[]): [string, string][] {
  const ids = [...new Set(tipIds)].sort();
  const pairs: [string, string][] = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) pairs.push([ids[i]!, ids[j]!]);
  return pairs;
}
