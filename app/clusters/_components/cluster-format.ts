// How a cluster's figures read (shared by the list, the map selection and the cluster page; not client-only).
import type { ClusterView } from "./types";

export const CANONICAL_SOURCE_LABEL: Record<string, string> = {
  llm: "written by the consolidation model",
  medoid: "the most central member description",
};

/** "min 0.87 – mean 0.91", or why there is no spread. */
export function similaritySpread(cluster: Pick<ClusterView, "minSimilarity" | "meanSimilarity" | "members">): string {
  if (cluster.members.length < 2 || cluster.minSimilarity === null || cluster.meanSimilarity === null) return "one description";
  return `similarity min ${cluster.minSimilarity.toFixed(2)} – mean ${cluster.meanSimilarity.toFixed(2)}`;
}

/** "2 approved · 1 proposed" from a count per value, largest first. */
export function countsLine(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([key, n]) => `${n} ${key}`)
    .join(" · ");
}
