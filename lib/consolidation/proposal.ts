// What a consolidation proposal carries and how it is identified (pure: no db, no llm).
import { createHash } from "node:crypto";
import { z } from "zod";

export const PROPOSAL_KINDS = ["merge", "conflict", "keep"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** The tip a merge proposal would create; also what a reviewer may edit before accepting. */
export const proposedTipSchema = z.object({
  category: z.enum(["strategy", "recovery", "optimization"]),
  content: z.string().trim().min(10, "Say what to do in at least a sentence.").max(2000),
  purpose: z.string().trim().min(1).max(2000),
  steps: z.array(z.string().trim().min(1).max(500)).max(20),
  trigger: z.string().trim().min(1).max(1000),
  negativeExample: z.string().trim().max(1000).nullable(),
  application: z.string().trim().max(100).nullable(),
  taskCategory: z.string().trim().max(100).nullable(),
  priority: z.enum(["critical", "high", "medium", "low"]),
});
export type ProposedTip = z.infer<typeof proposedTipSchema>;

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
