// POST /api/v1/memory/import: a memory document (schema.ts) into a project. Idempotent: each tip
// gets the fingerprint "memory:<hash of its advice and index description>", so importing the same
// document again imports nothing; a tip giving the same advice as a live tip of the project
// (same category and content) is a duplicate too. Clusters are reused by canonical description.
// Imported tips are approved, except those the quality checks flag (never approved unseen) or all
// of them with `status: "proposed"`. Provenance whose trajectory is in the project links to it;
// the rest is kept as the tip's external provenance. Then the new tips are indexed for retrieval.
import { createHash, randomUUID } from "node:crypto";
import { findClustersByDescription, findExistingFingerprints, findProjectTrajectoryIds, insertMemory, listLiveAdvice, type MemoryWrite } from "../db/memory";
import type { Prisma } from "../db/generated/client";
import { upsertEmbeddings } from "../db/vectors";
import { textChecksum, type EmbeddingClient } from "../embeddings";
import { reindexTips } from "../retrieval/index-tips";
import { contentFlags } from "../review/quality-flags";
import { memoryDocumentSchema, type MemoryDocument, type MemoryImportResult, type MemoryTip } from "./schema";

export interface ImportMemoryInput {
  projectId: string;
  document: unknown;
  status?: "approved" | "proposed";
  actor: string;
}

export async function importMemory(input: ImportMemoryInput, deps: { embedder: EmbeddingClient }): Promise<MemoryImportResult> {
  const document = memoryDocumentSchema.parse(input.document);
  const { projectId } = input;
  const clusterIds = await planClusters(projectId, document);
  const existing = await findExistingFingerprints({ projectId, fingerprints: document.tips.map(memoryFingerprint) });
  const advice = new Set((await listLiveAdvice({ projectId })).map((tip) => adviceKey(tip.category, tip.content)));
  const linkable = await findProjectTrajectoryIds({ projectId, ids: document.tips.flatMap((tip) => tip.provenance.map((p) => p.trajectoryId)) });
  const write: MemoryWrite = { clusters: clusterIds.created, tips: [], sources: [], events: [] };
  let duplicates = 0;
  let forReview = 0;
  for (const tip of document.tips) {
    const fingerprint = memoryFingerprint(tip);
    const key = adviceKey(tip.category, tip.content);
    if (existing.has(fingerprint) || advice.has(key)) {
      duplicates += 1;
      continue;
    }
    existing.add(fingerprint);
    advice.add(key);
    const flags = contentFlags(tip);
    const status = input.status === "proposed" || flags.length > 0 ? "proposed" : "approved";
    if (status === "proposed") forReview += 1;
    const id = randomUUID();
    const linked = tip.provenance.filter((p) => linkable.has(p.trajectoryId));
    const carried = tip.provenance.filter((p) => !linkable.has(p.trajectoryId));
    write.tips.push({
      id,
      projectId,
      category: tip.category,
      priority: tip.priority,
      granularity: tip.granularity,
      content: tip.content,
      purpose: tip.purpose,
      steps: tip.steps,
      trigger: tip.trigger,
      negativeExample: tip.negativeExample,
      application: tip.application,
      taskCategory: tip.taskCategory,
      indexDescription: tip.indexDescription,
      sourceOutcome: tip.sourceOutcome,
      origin: tip.origin,
      status,
      flags,
      clusterId: tip.clusterId ? clusterIds.byDocumentId.get(tip.clusterId)! : null,
      fingerprint,
      externalProvenance: carried.length > 0 ? (carried as Prisma.InputJsonValue) : undefined,
      createdAt: new Date(tip.createdAt),
      updatedBy: input.actor,
    });
    write.sources.push(...linked.map((p) => ({ tipId: id, trajectoryId: p.trajectoryId, stepStart: p.stepStart, stepEnd: p.stepEnd, outcomeLabel: p.outcomeLabel })));
    write.events.push({ tipId: id, type: "imported", actor: input.actor, after: { status, flags }, note: `Imported from project "${document.project.slug}" (tip ${tip.id})` });
  }
  await insertMemory(write);
  const importedTipIds = write.tips.map((tip) => tip.id!);
  const indexed = await indexImport(projectId, importedTipIds, write.clusters, deps.embedder);
  return {
    tips: { imported: importedTipIds.length, duplicates, forReview },
    clusters: { created: write.clusters.length, reused: clusterIds.reused },
    importedTipIds,
    indexed,
  };
}

/** sha256 of what makes a tip the same tip: its advice and where it is retrieved. */
export function memoryFingerprint(tip: Pick<MemoryTip, "category" | "granularity" | "content" | "purpose" | "steps" | "trigger" | "application" | "indexDescription">): string {
  const parts = [tip.category, tip.granularity, tip.content, tip.purpose, tip.trigger, tip.application ?? "", tip.indexDescription, ...tip.steps];
  return `memory:${createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 40)}`;
}

function adviceKey(category: string, content: string): string {
  return `${category}\u0000${content.trim().toLowerCase()}`;
}

async function planClusters(projectId: string, document: MemoryDocument) {
  const reusable = await findClustersByDescription({ projectId, descriptions: document.clusters.map((c) => c.canonicalDescription) });
  const byDocumentId = new Map<string, string>();
  const created: Prisma.ClusterCreateManyInput[] = [];
  let reused = 0;
  const used = new Set(document.tips.map((tip) => tip.clusterId).filter(Boolean));
  for (const cluster of document.clusters) {
    if (!used.has(cluster.id)) continue;
    const match = reusable.get(cluster.canonicalDescription);
    if (match) {
      byDocumentId.set(cluster.id, match);
      reused += 1;
      continue;
    }
    const id = randomUUID();
    reusable.set(cluster.canonicalDescription, id);
    byDocumentId.set(cluster.id, id);
    const size = document.tips.filter((tip) => tip.clusterId === cluster.id).length;
    created.push({ id, projectId, canonicalDescription: cluster.canonicalDescription, canonicalSource: cluster.canonicalSource, size });
  }
  return { byDocumentId, created, reused };
}

/** Retrieval vectors of the new tips and clusters; best effort (the reindex job catches up). */
async function indexImport(projectId: string, tipIds: string[], clusters: Prisma.ClusterCreateManyInput[], embedder: EmbeddingClient): Promise<boolean> {
  try {
    if (clusters.length > 0) {
      const { model, dimension } = embedder;
      const vectors = await embedder.embed(clusters.map((cluster) => cluster.canonicalDescription));
      await upsertEmbeddings(
        clusters.map((cluster, i) => ({
          projectId,
          ownerType: "cluster",
          ownerId: cluster.id!,
          model,
          dimension,
          checksum: textChecksum({ model, dimension, text: cluster.canonicalDescription }),
          vector: vectors[i]!,
        })),
      );
    }
    // A large import reindexes the whole project (pages by id, skips what is up to date) rather than name every tip.
    if (tipIds.length > 0) await reindexTips({ projectId, tipIds: tipIds.length > 1000 ? undefined : tipIds }, { embedder });
    return true;
  } catch (error) {
    console.warn(`[memory] imported ${tipIds.length} tips into ${projectId}; indexing them failed for now`, error);
    return false;
  }
}
