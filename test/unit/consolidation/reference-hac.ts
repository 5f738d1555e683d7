// A deliberately naive HAC, written straight from the definition, to check the real ones
// against: every step recomputes every cluster pair's linkage from the member pairs (no
// matrix updates, no caches, no retirement). Same semantics: quantized similarities, merge while
// linkage ≥ τ, ties to the pair with the smaller (lower, then higher) smallest members.
import type { Linkage } from "@/lib/consolidation/cluster/linkage";
import { quantizeThreshold } from "@/lib/consolidation/cluster/quantized-similarity";
import type { VectorLike } from "@/lib/consolidation/cluster/similarity";
import { rowSimilarity, toUnitVectors } from "@/lib/consolidation/cluster/unit-vectors";

export function referenceHac(vectors: readonly VectorLike[], threshold: number, linkage: Linkage): number[][] {
  const unit = toUnitVectors(vectors);
  const thresholdQ = quantizeThreshold(threshold);
  const clusters = Array.from({ length: unit.count }, (_, i) => [i]);
  for (;;) {
    let best: { score: number; a: number; b: number } | null = null;
    for (let a = 0; a < clusters.length; a += 1) {
      for (let b = a + 1; b < clusters.length; b += 1) {
        const pairs = (clusters[a] as number[]).flatMap((i) => (clusters[b] as number[]).map((j) => rowSimilarity(unit, i, j)));
        const sum = pairs.reduce((total, s) => total + s, 0);
        const mergeable = linkage === "average" ? sum >= thresholdQ * pairs.length : (linkage === "single" ? Math.max(...pairs) : Math.min(...pairs)) >= thresholdQ;
        if (!mergeable) continue;
        const score = linkage === "average" ? sum / pairs.length : linkage === "single" ? Math.max(...pairs) : Math.min(...pairs);
        // Clusters stay ordered by smallest member, so (a, b) order is the tie order.
        if (!best || score > best.score) best = { score, a, b };
      }
    }
    if (!best) break;
    const merged = [...(clusters[best.a] as number[]), ...(clusters[best.b] as number[])].sort((x, y) => x - y);
    clusters.splice(best.b, 1);
    clusters[best.a] = merged;
  }
  return clusters;
}
