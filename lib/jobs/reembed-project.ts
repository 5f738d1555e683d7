// Job: embed every text of a project with the configured embedder. Idempotent per text:
// a text whose stored checksum matches (same model, same text) is skipped, so a retry or a
// resumed run continues where the last one stopped and never pays for an embedding twice.
import { z } from "zod";
import { listProjectTexts, type OwnedText } from "../db/project-texts";
import { ensureVectorIndex, getEmbeddingChecksums, upsertEmbeddings, type EmbeddingRecord } from "../db/vectors";
import { textChecksum } from "../embeddings";
import type { EmbeddingClient } from "../embeddings/types";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { defineJob, type JobContext } from "./types";

/** Texts per embeddings request; a failed batch falls back to one request per text. */
const BATCH_SIZE = 16;

export const reembedProjectPayloadSchema = z.object({
  projectId: z.uuid(),
  /** Re-embed even texts whose checksum is unchanged. */
  force: z.boolean().default(false),
});

export const reembedProjectJob = defineJob({
  name: "reembed-project",
  title: "Re-embed project texts",
  payload: reembedProjectPayloadSchema,
  projectIdOf: (payload) => payload.projectId,
  handler: async (payload, context) => reembedProject(payload, context, { embedder: await getConfiguredEmbedder() }),
});

export async function reembedProject(
  { projectId, force }: z.infer<typeof reembedProjectPayloadSchema>,
  context: JobContext,
  { embedder }: { embedder: EmbeddingClient },
): Promise<void> {
  await ensureVectorIndex({ model: embedder.model, dimension: embedder.dimension });
  const texts = await listProjectTexts({ projectId });
  await context.setTotal(texts.length);
  const pending = force ? texts : await withoutUpToDate(texts, embedder);
  const skipped = texts.length - pending.length;
  if (skipped > 0) await context.advance(skipped, `${skipped} already up to date`);

  for (let start = 0; start < pending.length; start += BATCH_SIZE) {
    if (context.signal.aborted) return;
    const batch = pending.slice(start, start + BATCH_SIZE);
    const vectors = await embedder.embed(batch.map((t) => t.text)).catch(() => null);
    if (vectors) {
      await upsertEmbeddings(batch.map((text, i) => toRecord(projectId, embedder, text, vectors[i]!)));
      await context.advance(batch.length, label(batch.at(-1)!));
      continue;
    }
    // Isolate the failing text(s): each is retried on its own, then reported, never dropped silently.
    for (const text of batch) {
      await context.runItem(label(text), async () => {
        const [vector] = await embedder.embed([text.text]);
        await upsertEmbeddings([toRecord(projectId, embedder, text, vector!)]);
      });
      await context.advance(1, label(text));
    }
  }
}

async function withoutUpToDate(texts: OwnedText[], embedder: EmbeddingClient): Promise<OwnedText[]> {
  const { model, dimension } = embedder;
  const pending: OwnedText[] = [];
  const byType = new Map<OwnedText["ownerType"], OwnedText[]>();
  for (const text of texts) byType.set(text.ownerType, [...(byType.get(text.ownerType) ?? []), text]);
  for (const [ownerType, group] of byType) {
    const stored = await getEmbeddingChecksums({ ownerType, ownerIds: group.map((t) => t.ownerId), model });
    pending.push(...group.filter((t) => stored.get(t.ownerId) !== textChecksum({ model, dimension, text: t.text })));
  }
  return pending;
}

function toRecord(projectId: string, embedder: EmbeddingClient, text: OwnedText, vector: number[]): EmbeddingRecord {
  return {
    projectId,
    ownerType: text.ownerType,
    ownerId: text.ownerId,
    model: embedder.model,
    dimension: embedder.dimension,
    checksum: textChecksum({ model: embedder.model, dimension: embedder.dimension, text: text.text }),
    vector,
  };
}

function label(text: OwnedText): string {
  return `${text.ownerType}:${text.ownerId}`;
}
