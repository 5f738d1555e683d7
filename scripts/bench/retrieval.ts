// Retrieval at 10 000 and 100 000 approved tips on a throwaway embedded database (a temporary
// folder: PGlite's in-memory file system slows down past ~50 000 vectors): seeding time (generated
// tips, local embedder, batched vector upserts, then one HNSW build), latency p50 / p99 of POST
// /api/v1/retrieve through its real route handler (key check, embedding, HNSW search, ranking,
// guidelines, log write), and the recall@10 of the HNSW index against an exact scan.
// Figures only. BENCH_RETRIEVAL_SIZES=10000 runs one size.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { POST as retrieveRoute } from "../../app/api/v1/retrieve/route";
import { createApiKey } from "../../lib/api-keys/api-keys";
import { disconnectDb, getDb } from "../../lib/db/client";
import { setDatabaseConnection } from "../../lib/db/connection";
import { startEmbeddedServer } from "../../lib/db/embedded";
import { migrate } from "../../lib/db/migrate";
import { analyzeVectorTables, dropVectorIndex, ensureVectorIndex, explainSearchNearest, searchNearest, searchNearestExact, upsertEmbeddings } from "../../lib/db/vectors";
import { textChecksum } from "../../lib/embeddings";
import { createLocalEmbeddings } from "../../lib/embeddings/local-embeddings";

const SIZES = (process.env.BENCH_RETRIEVAL_SIZES ?? "10000,100000").split(",").map(Number);
const QUERIES = 200;
const RECALL_QUERIES = 100;
const K = 10;
const TIP_BATCH = 2000;
const VECTOR_BATCH = 500;

const VERBS = ["pay", "cancel", "renew", "find", "buy", "archive", "schedule", "update", "send", "download", "share", "delete", "invite", "rate", "return", "book", "transfer", "export", "sync", "review"];
const OBJECTS = ["the pending requests", "my gym membership", "the weekly team meeting", "all items in the cart", "the latest invoice", "a table for four", "the shared playlist",
  "my shipping address", "a refund request", "the backup files", "the unread emails", "my phone bill", "the family photo album", "the car insurance", "a flight to Lisbon",
  "the grocery order", "my password", "the project budget", "the podcast episodes", "the dentist appointment", "the rent payment", "a birthday gift", "the team roster",
  "the expense report", "the train tickets"];
const QUALIFIERS = ["for next Monday", "using the saved card", "before the deadline", "with the admin account", "on the mobile app", "and notify the owner", "for my manager",
  "in the cheapest way", "without duplicates", "after checking the balance", "for the whole family", "by the end of the month", "with a discount code", "for my roommate",
  "from last year", "in bulk", "one by one", "with two-factor login", "for the new office", "before it expires"];
const APPS = ["venmo", "spotify", "amazon", "gmail", "todoist", "splitwise", "phone", "file_system", "simple_note", "calendar"];
const CATEGORIES = ["strategy", "recovery", "optimization"] as const;
const PRIORITIES = ["critical", "high", "medium", "low"] as const;

/** Tip i's description: 20 × 25 × 20 × 10 = 100 000 distinct combinations. */
function description(i: number): string {
  const verb = VERBS[i % 20]!;
  const object = OBJECTS[Math.floor(i / 20) % 25]!;
  const qualifier = QUALIFIERS[Math.floor(i / 500) % 20]!;
  const app = APPS[Math.floor(i / 10_000) % 10]!;
  return `${verb} ${object} ${qualifier} on ${app}`;
}

/** A new task near some stored descriptions: a known combination, reworded. */
function query(n: number, size: number): string {
  const i = (n * 7919) % size;
  return `Please ${description(i).replace(" on ", " in ").replace("the ", "")} today`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const embedder = createLocalEmbeddings();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "debrief-bench-retrieval-"));
const server = await startEmbeddedServer({ dataDir });
await migrate({ connectionString: server.url });
setDatabaseConnection({ url: server.url, mode: "embedded" });
console.log(`retrieval over approved tips (embedded PGlite, ${embedder.model} ${embedder.dimension}-d, HNSW cosine):`);

for (const size of SIZES) {
  const project = await getDb().project.create({ data: { slug: `bench-retrieval-${size}-${randomUUID().slice(0, 8)}`, name: `bench ${size}` } });
  const seedStart = performance.now();
  let tipMs = 0;
  let embedMs = 0;
  let upsertMs = 0;
  // Bulk load: without the index, then one build (several times faster than growing the graph row by row).
  await dropVectorIndex({ model: embedder.model, dimension: embedder.dimension });
  for (let start = 0; start < size; start += TIP_BATCH) {
    const rows = Array.from({ length: Math.min(TIP_BATCH, size - start) }, (_, k) => {
      const i = start + k;
      return {
        id: randomUUID(),
        projectId: project.id,
        status: "approved" as const,
        category: CATEGORIES[i % 3]!,
        priority: PRIORITIES[i % 4]!,
        application: i % 5 === 0 ? null : APPS[Math.floor(i / 10_000) % 10]!,
        granularity: i % 2 ? ("subtask" as const) : ("task" as const),
        content: `Before you ${description(i)}, call the app's list API and check the result is non-empty (tip ${i}).`,
        purpose: "Acting on an empty list fails the task.",
        steps: ["Call the list API", "Check the result", "Act on the first match"],
        trigger: `When asked to ${VERBS[i % 20]} ${OBJECTS[Math.floor(i / 20) % 25]}`,
        indexDescription: description(i),
      };
    });
    let t = performance.now();
    await getDb().tip.createMany({ data: rows });
    tipMs += performance.now() - t;
    for (let v = 0; v < rows.length; v += VECTOR_BATCH) {
      const batch = rows.slice(v, v + VECTOR_BATCH);
      t = performance.now();
      const vectors = await embedder.embed(batch.map((row) => row.indexDescription));
      embedMs += performance.now() - t;
      t = performance.now();
      await upsertEmbeddings(
        batch.map((row, j) => ({
          projectId: project.id,
          ownerType: "tip_index",
          ownerId: row.id,
          model: embedder.model,
          dimension: embedder.dimension,
          checksum: textChecksum({ model: embedder.model, dimension: embedder.dimension, text: row.indexDescription }),
          vector: vectors[j]!,
        })),
      );
      upsertMs += performance.now() - t;
    }
  }
  const buildStart = performance.now();
  await ensureVectorIndex({ model: embedder.model, dimension: embedder.dimension, buildMemory: "512MB" });
  await analyzeVectorTables(); // as the reindex job does after a bulk load (PGlite runs no autovacuum)
  const buildMs = performance.now() - buildStart;
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(
    `\n${size} tips: seeded in ${seedSeconds.toFixed(1)} s = tip rows ${(tipMs / 1000).toFixed(1)} s + embedding ${(embedMs / 1000).toFixed(1)} s + ` +
      `vector upserts ${(upsertMs / 1000).toFixed(1)} s + HNSW build and ANALYZE ${(buildMs / 1000).toFixed(1)} s (index over every project's ${await getDb().embedding.count()} vectors)`,
  );

  const { key } = await createApiKey({ projectId: project.id, name: "bench" });
  const call = async (body: object) => {
    const request = new Request("http://localhost/api/v1/retrieve", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const response = await retrieveRoute(request);
    const json = (await response.json()) as { tips: unknown[]; latencyMs: number };
    if (response.status !== 200) throw new Error(`retrieve answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  for (const [label, settings] of [
    [`τ 0.5, top-${K}`, { threshold: 0.5, topK: K }],
    ["τ 0.6, no top-k", { threshold: 0.6, topK: null }],
  ] as const) {
    for (let n = 0; n < 10; n++) await call({ task: query(QUERIES + n, size), ...settings }); // warm-up
    const latencies: number[] = [];
    let returned = 0;
    for (let n = 0; n < QUERIES; n++) {
      const start = performance.now();
      const body = await call({ task: query(n, size), ...settings });
      latencies.push(performance.now() - start);
      returned += body.tips.length;
    }
    latencies.sort((a, b) => a - b);
    console.log(`  POST /api/v1/retrieve (${label}): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms over ${QUERIES} requests; ${(returned / QUERIES).toFixed(1)} tips/request`);
  }

  const queryVectors = await embedder.embed(Array.from({ length: RECALL_QUERIES }, (_, n) => query(n, size)));
  let recall = 0;
  let hnswMs = 0;
  let exactMs = 0;
  for (const vector of queryVectors) {
    const params = { projectId: project.id, ownerType: "tip_index", model: embedder.model, dimension: embedder.dimension, vector, limit: K };
    let t = performance.now();
    const approximate = await searchNearest(params);
    hnswMs += performance.now() - t;
    t = performance.now();
    const exact = await searchNearestExact(params);
    exactMs += performance.now() - t;
    // Ties at the 10th place make several exact answers correct: count a hit by similarity, not id.
    const tenth = exact.at(-1)?.similarity ?? 1;
    recall += approximate.filter((hit) => hit.similarity >= tenth - 1e-9).length / K;
  }
  console.log(`  recall@${K} HNSW vs exact: ${(recall / RECALL_QUERIES).toFixed(3)} over ${RECALL_QUERIES} queries (HNSW ${(hnswMs / RECALL_QUERIES).toFixed(1)} ms/query, exact scan ${(exactMs / RECALL_QUERIES).toFixed(1)} ms/query)`);
  const plan = await explainSearchNearest({
    projectId: project.id,
    ownerType: "tip_index",
    model: embedder.model,
    dimension: embedder.dimension,
    vector: queryVectors[0]!,
    limit: 40,
    filter: { statuses: ["approved"], granularities: ["task", "subtask"], applications: null },
  });
  console.log(`  retrieval search plan uses the HNSW index: ${/hnsw/i.test(plan) ? "yes" : `no\n${plan}`}`);
}

await disconnectDb();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
