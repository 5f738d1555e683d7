// The offline path proposes exact and near-duplicate merges only (no synthesis, no conflict
// calls: those need a model's reading). Same-category tips are linked when their normalized
// content is equal or their content embeddings are near-identical; linked tips form a group, and
// each group of two or more becomes one merge proposal. Pairs people marked "not duplicates" are
// never linked, not even through a third tip. Pure and deterministic for the same input.
import { normalizeTipText } from "../../review/quality-flags";
import { cosineSimilarity as cosine } from "../cluster/similarity";
import { pairKey } from "../proposal";
import { diffTips, PRIORITY_SEVERITY, ruleFields, type TipDiff } from "./merged-fields";
import type { ConsolidationTipInput, MergedTip } from "./types";

/** Content cosine at or above which two tips say the same thing (stricter than clustering's 0.85: this merges advice). */
export const DEFAULT_NEAR_DUPLICATE_THRESHOLD = 0.92;

export interface OfflineMergeTip extends ConsolidationTipInput {
  /** Ties after status and priority: the earliest tip represents the group. */
  createdAt?: Date | string | number | null;
}

export interface OfflineMergeInput {
  tips: readonly OfflineMergeTip[];
  /** Content embedding per tip (same order as `tips`); null or empty = compare by exact text only. */
  vectors: readonly (readonly number[] | null | undefined)[];
  nearDuplicateThreshold?: number;
  /** `pairKey(a, b)` of pairs people said are not duplicates. */
  distinctPairs?: ReadonlySet<string>;
}

export interface OfflineMergeProposal {
  /** Representative first, then the others by the same ranking. */
  sourceTipIds: string[];
  representativeId: string;
  tip: MergedTip;
  rationale: string;
  diff: TipDiff;
  /** Similarity of the links that formed the group (1 = identical text). */
  similarity: { min: number; max: number };
}

interface Link {
  i: number;
  j: number;
  similarity: number;
  isExact: boolean;
}

export function proposeOfflineMerges(input: OfflineMergeInput): OfflineMergeProposal[] {
  const { tips, vectors, distinctPairs = new Set<string>() } = input;
  const threshold = input.nearDuplicateThreshold ?? DEFAULT_NEAR_DUPLICATE_THRESHOLD;
  const links = findLinks(tips, vectors, threshold).filter((link) => !distinctPairs.has(pairKey(tips[link.i]!.id, tips[link.j]!.id)));
  // Strongest links first, so a "not duplicates" constraint splits a chain at its weakest point.
  links.sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j);
  const groupOf = tips.map((_, index) => index);
  const members = new Map(tips.map((_, index) => [index, [index]]));
  const used = new Map<number, Link[]>(tips.map((_, index) => [index, []]));
  for (const link of links) {
    const [gi, gj] = [groupOf[link.i]!, groupOf[link.j]!];
    if (gi === gj) continue;
    const [a, b] = [members.get(gi)!, members.get(gj)!];
    if (distinctPairs.size > 0 && a.some((x) => b.some((y) => distinctPairs.has(pairKey(tips[x]!.id, tips[y]!.id))))) continue;
    const [keep, drop] = gi < gj ? [gi, gj] : [gj, gi];
    const joined = [...members.get(keep)!, ...members.get(drop)!];
    for (const index of joined) groupOf[index] = keep;
    members.set(keep, joined);
    members.delete(drop);
    used.set(keep, [...used.get(keep)!, ...used.get(drop)!, link]);
  }
  return [...members]
    .filter(([, group]) => group.length >= 2)
    .sort(([x], [y]) => x - y)
    .map(([root, group]) => toProposal(tips, group, used.get(root)!, threshold));
}

/**
 * Cosine similarity; 0 when either vector is empty or zero, and when the dimensions differ (tips
 * embedded by different models are not comparable — they are then matched by exact text only).
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  return a.length === 0 || a.length !== b.length ? 0 : cosine(a, b);
}

function findLinks(tips: readonly OfflineMergeTip[], vectors: OfflineMergeInput["vectors"], threshold: number): Link[] {
  const texts = tips.map((tip) => normalizeTipText(tip.content));
  const links: Link[] = [];
  for (let i = 0; i < tips.length; i++) {
    for (let j = i + 1; j < tips.length; j++) {
      if (tips[i]!.category !== tips[j]!.category) continue;
      if (texts[i] !== "" && texts[i] === texts[j]) {
        links.push({ i, j, similarity: 1, isExact: true });
        continue;
      }
      const [vi, vj] = [vectors[i], vectors[j]];
      const similarity = vi && vj ? cosineSimilarity(vi, vj) : 0;
      if (similarity >= threshold) links.push({ i, j, similarity, isExact: false });
    }
  }
  return links;
}

/** Ranking of a group: approved first (a reviewer's wording wins), then priority, then the earliest. */
function rank(tips: readonly OfflineMergeTip[], group: readonly number[]): number[] {
  const time = (tip: OfflineMergeTip) => (tip.createdAt == null ? Number.POSITIVE_INFINITY : new Date(tip.createdAt).getTime());
  return [...group].sort((x, y) => {
    const [a, b] = [tips[x]!, tips[y]!];
    const approved = Number(b.status === "approved") - Number(a.status === "approved");
    return approved || PRIORITY_SEVERITY[b.priority] - PRIORITY_SEVERITY[a.priority] || time(a) - time(b) || x - y;
  });
}

function toProposal(tips: readonly OfflineMergeTip[], group: readonly number[], links: readonly Link[], threshold: number): OfflineMergeProposal {
  const sources = rank(tips, group).map((index) => tips[index]!);
  const representative = sources[0]!;
  const tip: MergedTip = {
    ...ruleFields(sources),
    content: representative.content,
    purpose: representative.purpose,
    trigger: representative.trigger,
    negativeExample: sources.map((s) => s.negativeExample?.trim() || null).find((n) => n !== null) ?? null,
  };
  const sims = links.map((link) => link.similarity);
  const similarity = { min: Math.min(...sims), max: Math.max(...sims) };
  return {
    sourceTipIds: sources.map((s) => s.id),
    representativeId: representative.id,
    tip,
    rationale: rationaleFor(sources, representative, links, similarity, threshold),
    diff: diffTips(sources, tip),
    similarity,
  };
}

function rationaleFor(
  sources: readonly OfflineMergeTip[],
  representative: OfflineMergeTip,
  links: readonly Link[],
  similarity: { min: number; max: number },
  threshold: number,
): string {
  const exact = links.filter((link) => link.isExact).length;
  const near = links.length - exact;
  const fmt = (x: number) => x.toFixed(3);
  const range = similarity.min === similarity.max ? fmt(similarity.min) : `${fmt(similarity.min)}–${fmt(similarity.max)}`;
  const how =
    near === 0
      ? "have the same wording once case and punctuation are ignored"
      : `are near-duplicates: content embedding cosine ${range} (threshold ${threshold})${exact > 0 ? `, ${exact} pair(s) with the same wording` : ""}`;
  const why = representative.status === "approved" ? "approved" : sources.some((s) => s.priority !== representative.priority) ? `highest priority, ${representative.priority}` : "earliest";
  return (
    `${sources.length} ${representative.category} tips ${how}. The wording of tip ${representative.id} (${why}) is kept; ` +
    "steps are the union of all sources, priority the most severe."
  );
}
