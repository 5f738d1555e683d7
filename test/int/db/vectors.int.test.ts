import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  deleteEmbeddingsForOwner,
  ensureVectorIndex,
  explainSearchNearest,
  getEmbeddingChecksums,
  listEmbeddingVectors,
  searchNearest,
  upsertEmbedding,
  upsertEmbeddings,
  vectorIndexName,
  type EmbeddingRecord,
} from "@/lib/db/vectors";
import { LOCAL_EMBEDDING_DIMENSION, LOCAL_EMBEDDING_MODEL, embedText } from "@/lib/embeddings/local-embeddings";
import { textChecksum } from "@/lib/embeddings";

const OWNER_TYPE = "tip";
const local = { model: LOCAL_EMBEDDING_MODEL, dimension: LOCAL_EMBEDDING_DIMENSION };

async function createProject(): Promise<string> {
  const id = randomUUID();
  await getDb().project.create({ data: { id, slug: `vectors-${id}`, name: "Vectors test" } });
  return id;
}

function buildLocalRecord(projectId: string, text: string, overrides: Partial<EmbeddingRecord> = {}): EmbeddingRecord {
  return {
    projectId,
    ownerType: OWNER_TYPE,
    ownerId: randomUUID(),
    ...local,
    checksum: textChecksum({ ...local, text }),
    vector: embedText(text),
    ...overrides,
  };
}

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] as number), 0);

describe("lib/db/vectors", () => {
  let projectId: string;
  const query = "renew my music subscription";
  const paraphrase = "extend my membership for the streaming service";
  const unrelated = ["what is the weather in Paris tomorrow", "convert the csv export to json", "write a haiku about autumn leaves"];
  const records = new Map<string, EmbeddingRecord>();

  beforeAll(async () => {
    projectId = await createProject();
    for (const text of [...unrelated, paraphrase]) {
      const record = buildLocalRecord(projectId, text);
      records.set(text, record);
      await upsertEmbedding(record);
    }
  });

  it("returns the paraphrase first, with pgvector's cosine similarity", async () => {
    const q = embedText(query);
    const hits = await searchNearest({ projectId, ownerType: OWNER_TYPE, ...local, vector: q, limit: 10 });
    expect(hits).toHaveLength(4);
    expect(hits[0]?.ownerId).toBe(records.get(paraphrase)?.ownerId);
    expect(hits[0]?.similarity).toBeCloseTo(cosine(q, embedText(paraphrase)), 5);
    const similarities = hits.map((hit) => hit.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
  });

  it("applies minSimilarity and limit, and stays inside the project", async () => {
    const otherProjectId = await createProject();
    await upsertEmbedding(buildLocalRecord(otherProjectId, paraphrase));
    const q = embedText(query);
    const hits = await searchNearest({ projectId, ownerType: OWNER_TYPE, ...local, vector: q, limit: 10, minSimilarity: 0.3 });
    expect(hits.map((hit) => hit.ownerId)).toEqual([records.get(paraphrase)?.ownerId]);
    const top = await searchNearest({ projectId: otherProjectId, ownerType: OWNER_TYPE, ...local, vector: q, limit: 1 });
    expect(top).toHaveLength(1);
    expect(top[0]?.ownerId).not.toBe(records.get(paraphrase)?.ownerId);
  });

  it("rejects vectors whose length differs from the dimension", async () => {
    const record = buildLocalRecord(projectId, "too short", { vector: new Array(255).fill(0.1) });
    await expect(upsertEmbedding(record)).rejects.toMatchObject({ code: "EMBEDDING_ERROR" });
    await expect(
      searchNearest({ projectId, ownerType: OWNER_TYPE, ...local, vector: [1, 0, 0], limit: 5 }),
    ).rejects.toMatchObject({ code: "EMBEDDING_ERROR" });
    await expect(upsertEmbedding({ ...record, dimension: 1.5 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("writes a batch in one statement, inserting new rows and updating existing ones", async () => {
    const projectId = await createProject();
    const existing = buildLocalRecord(projectId, "Renew the subscription");
    await upsertEmbedding(existing);
    const fresh = ["Cancel the order", "Book a flight", "Empty the cart"].map((text) => buildLocalRecord(projectId, text));
    await upsertEmbeddings([{ ...existing, checksum: "changed" }, ...fresh]);
    const rows = await getDb().embedding.findMany({ where: { projectId }, select: { ownerId: true, checksum: true } });
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.ownerId === existing.ownerId)?.checksum).toBe("changed");
    await expect(upsertEmbeddings([fresh[0]!, fresh[0]!])).rejects.toThrow(/Duplicate embedding owner/);
    await expect(upsertEmbeddings([])).resolves.toBeUndefined();
  });

  it("maps owner ids to checksums for skip-if-unchanged", async () => {
    const stored = records.get(paraphrase) as EmbeddingRecord;
    const missing = randomUUID();
    const checksums = await getEmbeddingChecksums({ ownerType: OWNER_TYPE, ownerIds: [stored.ownerId, missing], ...local });
    expect(checksums).toEqual(new Map([[stored.ownerId, stored.checksum]]));
    expect(await getEmbeddingChecksums({ ownerType: OWNER_TYPE, ownerIds: [stored.ownerId], model: "other" })).toEqual(
      new Map(),
    );
  });

  it("updates a row in place on re-upsert", async () => {
    const record = buildLocalRecord(projectId, "close the cookie banner");
    await upsertEmbedding(record);
    const before = await getDb().embedding.findFirstOrThrow({ where: { ownerId: record.ownerId }, select: { id: true } });
    const text = "dismiss the cookie consent popup";
    await upsertEmbedding({ ...record, checksum: textChecksum({ ...local, text }), vector: embedText(text) });
    const rows = await getDb().embedding.findMany({ where: { ownerId: record.ownerId }, select: { id: true, checksum: true } });
    expect(rows).toEqual([{ id: before.id, checksum: textChecksum({ ...local, text }) }]);
    const [stored] = (await listEmbeddingVectors({ projectId, ownerType: OWNER_TYPE, ...local })).filter(
      (row) => row.ownerId === record.ownerId,
    );
    embedText(text).forEach((value, i) => expect(stored?.vector[i]).toBeCloseTo(value, 6));
    expect(await deleteEmbeddingsForOwner({ ownerType: OWNER_TYPE, ownerId: record.ownerId })).toBe(1);
  });

  it("never returns zero vectors (NaN cosine) and matches nothing for a zero query", async () => {
    const empty = buildLocalRecord(projectId, "");
    await upsertEmbedding(empty);
    const hits = await searchNearest({ projectId, ownerType: OWNER_TYPE, ...local, vector: embedText(query), limit: 50 });
    expect(hits.map((hit) => hit.ownerId)).not.toContain(empty.ownerId);
    expect(hits.every((hit) => Number.isFinite(hit.similarity))).toBe(true);
    expect(await searchNearest({ projectId, ownerType: OWNER_TYPE, ...local, vector: embedText(""), limit: 5 })).toEqual([]);
    await deleteEmbeddingsForOwner({ ownerType: OWNER_TYPE, ownerId: empty.ownerId });
  });

  it("uses the migration's HNSW index for the local model", async () => {
    expect(vectorIndexName(local)).toBe("Embedding_vector_local_hash_v1_256_hnsw");
    const plan = await explainSearchNearest({
      projectId, ownerType: OWNER_TYPE, ...local, vector: embedText(query), limit: 5, preferIndex: true,
    });
    expect(plan).toContain("Embedding_vector_local_hash_v1_256_hnsw");
  });

  it("creates a partial HNSW index for another model, and searches it", async () => {
    const model = `test/hash-8:${randomUUID().slice(0, 8)}`;
    const { indexName } = await ensureVectorIndex({ model, dimension: 8 });
    expect(indexName).toMatch(/^Embedding_vector_test_hash_8_[0-9a-f]{8}_[0-9a-f]{8}_8_hnsw$/);
    expect(await ensureVectorIndex({ model, dimension: 8 })).toEqual({ indexName }); // idempotent
    const indexes = await getDb().$queryRaw<{ indexname: string }[]>`SELECT indexname FROM pg_indexes WHERE indexname = ${indexName}`;
    expect(indexes).toHaveLength(1);

    const basis = (i: number) => Array.from({ length: 8 }, (_, j) => (j === i ? 1 : 0.1));
    const ids = [0, 1, 2].map(() => randomUUID());
    for (const [i, ownerId] of ids.entries()) {
      await upsertEmbedding({ projectId, ownerType: OWNER_TYPE, ownerId, model, dimension: 8, checksum: `c${i}`, vector: basis(i) });
    }
    const hits = await searchNearest({ projectId, ownerType: OWNER_TYPE, model, dimension: 8, vector: basis(1), limit: 3 });
    expect(hits[0]).toEqual({ ownerId: ids[1], similarity: expect.closeTo(1, 5) });
    expect(hits).toHaveLength(3);
    const plan = await explainSearchNearest({
      projectId, ownerType: OWNER_TYPE, model, dimension: 8, vector: basis(1), limit: 3, preferIndex: true,
    });
    expect(plan).toContain(indexName);
  });

  it("refuses model names that cannot be a safe SQL literal, and skips indexes past 2000 dimensions", async () => {
    await expect(ensureVectorIndex({ model: "x'; DROP TABLE \"Embedding\"; --", dimension: 8 })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    await expect(ensureVectorIndex({ model: "text-embedding-3-large", dimension: 3072 })).resolves.toEqual({ indexName: null });
  });
});
