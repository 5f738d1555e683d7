// Every text of a project that retrieval or clustering embeds, with the owner it belongs to.
import { retrievalDescription } from "../retrieval/index-text";
import { tipContentText } from "../review/similar-tips";
import { getDb } from "./client";

export const EMBEDDING_OWNER_TYPES = ["tip_content", "tip_index", "subtask", "cluster", "trajectory_task"] as const;
export type EmbeddingOwnerType = (typeof EMBEDDING_OWNER_TYPES)[number];

export interface OwnedText {
  ownerType: EmbeddingOwnerType;
  ownerId: string;
  text: string;
}

export async function listProjectTexts({ projectId }: { projectId: string }): Promise<OwnedText[]> {
  const db = getDb();
  const [tips, subtasks, clusters, trajectories] = await Promise.all([
    db.tip.findMany({
      where: { projectId, status: { not: "rejected" } },
      select: { id: true, content: true, purpose: true, granularity: true, indexDescription: true, cluster: { select: { canonicalDescription: true, state: true } } },
      orderBy: { createdAt: "asc" },
    }),
    db.subtask.findMany({
      where: { trajectory: { projectId, state: "active" } },
      select: { id: true, description: true, generalizedDescription: true },
      orderBy: { createdAt: "asc" },
    }),
    db.cluster.findMany({
      where: { projectId, state: "active" },
      select: { id: true, canonicalDescription: true },
      orderBy: { createdAt: "asc" },
    }),
    db.trajectory.findMany({
      where: { projectId, state: "active" },
      select: { id: true, taskDescription: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return [
    // The paper embeds tip content + purpose for semantic search, and indexes retrieval by description
    // (a subtask tip by its cluster's canonical description: lib/retrieval/index-text.ts).
    ...tips.flatMap((tip) => [
      { ownerType: "tip_content" as const, ownerId: tip.id, text: tipContentText(tip) },
      { ownerType: "tip_index" as const, ownerId: tip.id, text: retrievalDescription(tip) },
    ]),
    ...subtasks.map((s) => ({
      ownerType: "subtask" as const,
      ownerId: s.id,
      text: s.generalizedDescription ?? s.description,
    })),
    ...clusters.map((c) => ({ ownerType: "cluster" as const, ownerId: c.id, text: c.canonicalDescription })),
    ...trajectories.map((t) => ({ ownerType: "trajectory_task" as const, ownerId: t.id, text: t.taskDescription })),
  ];
}
