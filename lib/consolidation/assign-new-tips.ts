// Incremental consolidation: a newly approved tip joins the existing cluster whose canonical
// description is most similar to its own (generalized) description, if that similarity reaches
// the project's threshold — no re-clustering of everything. Generalization here is the offline
// normalization (deterministic, no LLM call on every approval); a full re-cluster is a job on demand.
import { addTipToCluster } from "../db/clusters";
import { getDb } from "../db/client";
import { searchNearest } from "../db/vectors";
import type { EmbeddingClient } from "../embeddings";
import { normalizeDescription } from "./generalize/normalize-description";

export interface TipAssignment {
  tipId: string;
  clusterId: string | null;
  similarity: number | null;
}

export async function assignTipsToClusters({ projectId, tipIds }: { projectId: string; tipIds: string[] }, deps: { embedder: EmbeddingClient }): Promise<TipAssignment[]> {
  const db = getDb();
  const [project, clusterCount] = await Promise.all([
    db.project.findUniqueOrThrow({ where: { id: projectId }, select: { consolidationThreshold: true } }),
    db.cluster.count({ where: { projectId, state: "active" } }),
  ]);
  const tips = await db.tip.findMany({ where: { id: { in: tipIds }, projectId, clusterId: null }, select: { id: true, indexDescription: true, application: true } });
  if (clusterCount === 0 || tips.length === 0) return tips.map((tip) => ({ tipId: tip.id, clusterId: null, similarity: null }));
  const generalized = tips.map((tip) => normalizeDescription(tip.indexDescription, { keepNames: tip.application ? [tip.application] : [] }));
  const vectors = await deps.embedder.embed(generalized);
  const assignments: TipAssignment[] = [];
  for (const [i, tip] of tips.entries()) {
    // Archived clusters keep their vectors (history), so ask for a few and take the best active one.
    const hits = await searchNearest({
      projectId,
      ownerType: "cluster",
      model: deps.embedder.model,
      dimension: deps.embedder.dimension,
      vector: vectors[i]!,
      limit: 20,
      minSimilarity: project.consolidationThreshold,
    });
    const active = new Set((await db.cluster.findMany({ where: { id: { in: hits.map((hit) => hit.ownerId) }, state: "active" }, select: { id: true } })).map((c) => c.id));
    const nearest = hits.find((hit) => active.has(hit.ownerId));
    if (!nearest) {
      assignments.push({ tipId: tip.id, clusterId: null, similarity: null });
      continue;
    }
    await addTipToCluster({ clusterId: nearest.ownerId, tipId: tip.id, member: { description: tip.indexDescription, generalized: generalized[i]! } });
    assignments.push({ tipId: tip.id, clusterId: nearest.ownerId, similarity: nearest.similarity });
  }
  return assignments;
}
