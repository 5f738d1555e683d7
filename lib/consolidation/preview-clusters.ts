// What the Clusters page draws without running anything: a 2-D map of the current clusters'
// member descriptions, and a preview of how they would split or join under another threshold or
// linkage. Both re-embed the generalized descriptions of the last run (no LLM call).
import { listActiveClusters } from "../db/clusters";
import type { EmbeddingClient } from "../embeddings";
import { clusterVectors, projectTo2d, type Linkage } from "./cluster/cluster";

export interface MapPoint {
  x: number;
  y: number;
  clusterId: string;
  description: string;
  tips: number;
}

export interface ClusteringPreview {
  threshold: number;
  linkage: Linkage;
  current: { clusters: number; multiMember: number };
  preview: { clusters: number; multiMember: number; largest: number };
  /** Current clusters the preview would split, and preview groups that join several current clusters. */
  splits: { clusterId: string; into: number }[];
  joins: { clusterIds: string[]; descriptions: string[] }[];
  /** Preview group per point of the map, in map order. */
  groupOfPoint: number[];
}

async function loadMembers(projectId: string, embedder: EmbeddingClient) {
  const clusters = await listActiveClusters({ projectId });
  const points = clusters.flatMap((cluster) =>
    cluster.members.map((member) => ({ clusterId: cluster.id, description: member.generalized, original: member.description, tips: member.tipIds.length })),
  );
  const vectors = points.length > 0 ? await embedder.embed(points.map((point) => point.description)) : [];
  return { clusters, points, vectors };
}

export async function getClusterMap({ projectId }: { projectId: string }, deps: { embedder: EmbeddingClient }): Promise<MapPoint[]> {
  const { points, vectors } = await loadMembers(projectId, deps.embedder);
  const coordinates = projectTo2d(vectors);
  return points.map((point, i) => ({ x: coordinates[i]![0], y: coordinates[i]![1], clusterId: point.clusterId, description: point.original, tips: point.tips }));
}

export async function previewClustering(
  { projectId, threshold, linkage }: { projectId: string; threshold: number; linkage: Linkage },
  deps: { embedder: EmbeddingClient },
): Promise<ClusteringPreview> {
  const { clusters, points, vectors } = await loadMembers(projectId, deps.embedder);
  const result = clusterVectors({ vectors, threshold, linkage });
  const groupOfPoint = new Array<number>(points.length).fill(-1);
  result.clusters.forEach((cluster, group) => cluster.members.forEach((index) => (groupOfPoint[index] = group)));
  const splits = clusters
    .map((cluster) => ({ clusterId: cluster.id, into: new Set(points.flatMap((point, i) => (point.clusterId === cluster.id ? [groupOfPoint[i]] : []))).size }))
    .filter((split) => split.into > 1);
  const joins = result.clusters
    .map((cluster) => ({
      clusterIds: [...new Set(cluster.members.map((index) => points[index]!.clusterId))],
      descriptions: cluster.members.slice(0, 5).map((index) => points[index]!.original),
    }))
    .filter((join) => join.clusterIds.length > 1);
  return {
    threshold,
    linkage,
    current: { clusters: clusters.length, multiMember: clusters.filter((c) => c.members.length > 1).length },
    preview: {
      clusters: result.clusters.length,
      multiMember: result.clusters.filter((c) => c.members.length > 1).length,
      largest: Math.max(0, ...result.clusters.map((c) => c.members.length)),
    },
    splits,
    joins,
    groupOfPoint,
  };
}
