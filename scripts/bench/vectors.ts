// `npm run bench`: figures for the foundation's hot paths, measured side by side in one run on
// an in-memory embedded database. Prints numbers; never fails on time (no thresholds here).
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { disconnectDb, getDb } from "../../lib/db/client";
import { setDatabaseConnection } from "../../lib/db/connection";
import { MEMORY_DATA_DIR, startEmbeddedServer } from "../../lib/db/embedded";
import { migrate } from "../../lib/db/migrate";
import { searchNearest, upsertEmbedding, upsertEmbeddings } from "../../lib/db/vectors";
import { createLocalEmbeddings, LOCAL_EMBEDDING_DIMENSION, LOCAL_EMBEDDING_MODEL } from "../../lib/embeddings/local-embeddings";

const VERBS = ["book", "cancel", "renew", "find", "buy", "remove", "schedule", "update", "send", "download"];
const OBJECTS = ["a flight to Paris", "my gym membership", "the weekly team meeting", "all items in the cart",
  "the latest invoice", "a table for four", "the shared playlist", "my shipping address", "a refund request", "the backup files"];
const QUALIFIERS = ["for next Monday", "using the saved card", "before the deadline", "with the admin account", "on the mobile app",
  "and notify the owner", "for my manager", "in the cheapest way", "without duplicates", "after checking the balance"];

function sentences(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    `${VERBS[i % 10]} ${OBJECTS[Math.floor(i / 10) % 10]} ${QUALIFIERS[Math.floor(i / 100) % 10]} (#${i})`);
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot; // local vectors are unit length
}

const BATCH = 16; // the re-embedding job's batch size
const embedder = createLocalEmbeddings();
const texts = sentences(5000);

let start = performance.now();
const vectors = await embedder.embed(texts);
const embedMs = performance.now() - start;
console.log(`local embedder: ${texts.length} texts in ${embedMs.toFixed(0)} ms = ${(texts.length / (embedMs / 1000)).toFixed(0)} texts/s`);

const server = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
await migrate({ connectionString: server.url });
setDatabaseConnection({ url: server.url, mode: "embedded" });
const project = await getDb().project.create({ data: { slug: `bench-${randomUUID()}`, name: "bench" } });

const record = (i: number, ownerType: string) => ({
  projectId: project.id, ownerType, ownerId: String(i), model: LOCAL_EMBEDDING_MODEL,
  dimension: LOCAL_EMBEDDING_DIMENSION, checksum: String(i), vector: vectors[i]!,
});
const SINGLE_ROWS = 500;
start = performance.now();
for (let i = 0; i < SINGLE_ROWS; i++) await upsertEmbedding(record(i, "bench-single"));
const singleRate = SINGLE_ROWS / ((performance.now() - start) / 1000);
start = performance.now();
for (let i = 0; i < vectors.length; i += BATCH) {
  await upsertEmbeddings(Array.from({ length: Math.min(BATCH, vectors.length - i) }, (_, j) => record(i + j, "bench")));
}
const batchRate = vectors.length / ((performance.now() - start) / 1000);
console.log(`pgvector upsert: row by row ${singleRate.toFixed(0)} rows/s (${SINGLE_ROWS} rows); batches of ${BATCH} ${batchRate.toFixed(0)} rows/s (${vectors.length} rows); ratio ${(batchRate / singleRate).toFixed(1)}x`);

const queries = sentences(5050).slice(5000).map((q) => q.replace(/\(#\d+\)/, ""));
const queryVectors = await embedder.embed(queries);
const K = 10;
let dbMs = 0;
let exactMs = 0;
let recall = 0;
for (const query of queryVectors) {
  start = performance.now();
  const found = await searchNearest({ projectId: project.id, ownerType: "bench", model: LOCAL_EMBEDDING_MODEL, dimension: LOCAL_EMBEDDING_DIMENSION, vector: query, limit: K });
  dbMs += performance.now() - start;
  start = performance.now();
  const exact = vectors.map((v, i) => ({ id: String(i), s: cosine(query, v) })).sort((a, b) => b.s - a.s).slice(0, K);
  exactMs += performance.now() - start;
  const exactIds = new Set(exact.map((e) => e.id));
  recall += found.filter((f) => exactIds.has(f.ownerId)).length / K;
}
const n = queryVectors.length;
console.log(`nearest-neighbour top-${K} over ${vectors.length} vectors, ${n} queries:`);
console.log(`  pgvector searchNearest: ${(dbMs / n).toFixed(2)} ms/query; in-process exact scan: ${(exactMs / n).toFixed(2)} ms/query; ratio ${(dbMs / exactMs).toFixed(2)}`);
console.log(`  recall@${K} of pgvector vs exact: ${(recall / n).toFixed(3)}`);

await disconnectDb();
await server.stop();
