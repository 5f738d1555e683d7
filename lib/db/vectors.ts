// The Embedding table's pgvector column: the only raw SQL for vectors in the codebase.
// `vector` has no fixed dimension (models differ), and pgvector indexes only fixed dimensions,
// so every (model, dimension) pair gets a partial HNSW index on the expression
// ("vector"::vector(<dimension>)) WHERE model = <model> AND dimension = <dimension>.
// A query can use that index only if it repeats the expression and the predicate literally;
// that is why the dimension is spliced in with Prisma.raw (never user text: it is asserted to be
// an integer in range first). Every value is otherwise a bound parameter of a tagged template.
import { createHash } from "node:crypto";
import { fromSql, toSql } from "pgvector";
import { AppError } from "../errors";
import { getDb, type Db } from "./client";
import { Prisma } from "./generated/client";

/** One row to write: the vector of an owner (a tip, a cluster…) under one model. */
export interface EmbeddingRecord {
  projectId: string | null;
  /** What the vector embeds, e.g. "tip"; with ownerId and model it identifies the row. */
  ownerType: string;
  ownerId: string;
  model: string;
  dimension: number;
  /** textChecksum() of the embedded text: unchanged text is not re-embedded. */
  checksum: string;
  vector: number[];
}

/** A nearest-neighbour query within one project, owner type and model. */
export interface SearchNearestParams {
  projectId: string;
  ownerType: string;
  model: string;
  dimension: number;
  vector: number[];
  /** 1..1000 */
  limit: number;
  /** Drop results below this cosine similarity (-1..1). */
  minSimilarity?: number;
}

/**
 * Which tips a search over tip-owned vectors ("tip_index", "tip_content") may return. Applied in
 * SQL next to the HNSW scan (pgvector ≥ 0.8 scans on until `limit` rows pass), so a top-k is
 * never emptied by tips that were filtered out afterwards.
 */
export interface TipVectorFilter {
  statuses: readonly string[];
  granularities: readonly ("task" | "subtask")[];
  /** Lowercased application names: tips of other applications are skipped; generic tips (null) always pass. null = any. */
  applications: readonly string[] | null;
}

/** A search hit; similarity = 1 - cosine distance (1 = same direction). */
export interface NearestNeighbour {
  ownerId: string;
  similarity: number;
}

// pgvector's limits: 16000 dimensions per vector, 2000 for an HNSW index on `vector`.
const MAX_DIMENSION = 16_000;
const MAX_INDEXED_DIMENSION = 2_000;
const MAX_LIMIT = 1_000;
const MODEL_LITERAL = /^[A-Za-z0-9._:/-]{1,100}$/;
const DEFAULT_EF_SEARCH = 40;
const ITERATIVE_SCAN_VERSION = [0, 8, 0];

export async function upsertEmbedding(record: EmbeddingRecord, db: Db = getDb()): Promise<void> {
  await upsertEmbeddings([record], db);
}

/**
 * Writes many vectors in one statement: one round trip and one HNSW insert pass per batch,
 * an order of magnitude faster than row by row on the embedded server (see `npm run bench`).
 */
export async function upsertEmbeddings(records: EmbeddingRecord[], db: Db = getDb()): Promise<void> {
  if (records.length === 0) return;
  const owners = new Set<string>();
  for (const { vector, dimension, ownerType, ownerId, model } of records) {
    assertVector(vector, dimension);
    // ON CONFLICT cannot touch the same row twice in one statement.
    const key = `${ownerType}\u0000${ownerId}\u0000${model}`;
    if (owners.has(key)) throw new Error(`Duplicate embedding owner in one batch: ${ownerType}/${ownerId}/${model}`);
    owners.add(key);
  }
  const rows = records.map(
    ({ projectId, ownerType, ownerId, model, dimension, checksum, vector }) =>
      Prisma.sql`(gen_random_uuid(), ${projectId}::uuid, ${ownerType}, ${ownerId}, ${model}, ${dimension}, ${checksum}, ${toSql(vector)}::vector, now(), now())`,
  );
  // The table has no DB defaults for id/updatedAt (Prisma fills them client-side).
  await db.$executeRaw`
    INSERT INTO "Embedding" ("id", "projectId", "ownerType", "ownerId", "model", "dimension", "checksum", "vector", "createdAt", "updatedAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("ownerType", "ownerId", "model") DO UPDATE SET
      "projectId" = EXCLUDED."projectId", "dimension" = EXCLUDED."dimension", "checksum" = EXCLUDED."checksum",
      "vector" = EXCLUDED."vector", "updatedAt" = now()`;
}

/** ownerId → stored checksum, for skip-if-unchanged before embedding. */
export async function getEmbeddingChecksums(
  { ownerType, ownerIds, model }: { ownerType: string; ownerIds: string[]; model: string },
  db: Db = getDb(),
): Promise<Map<string, string>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.embedding.findMany({
    where: { ownerType, model, ownerId: { in: ownerIds } },
    select: { ownerId: true, checksum: true },
  });
  return new Map(rows.map((row) => [row.ownerId, row.checksum]));
}

/** Stored vectors and checksums of some owners under one model: reuse a vector while its text is unchanged. */
export async function getEmbeddingVectors(
  { ownerType, ownerIds, model, dimension }: { ownerType: string; ownerIds: string[]; model: string; dimension: number },
  db: Db = getDb(),
): Promise<Map<string, { checksum: string; vector: number[] }>> {
  assertDimension(dimension);
  if (ownerIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ ownerId: string; checksum: string; vector: string }[]>`
    SELECT "ownerId", "checksum", "vector"::text AS "vector" FROM "Embedding"
    WHERE "ownerType" = ${ownerType} AND "model" = ${model} AND "dimension" = ${dimension}
      AND "ownerId" IN (${Prisma.join(ownerIds)})`;
  return new Map(rows.map((row) => [row.ownerId, { checksum: row.checksum, vector: fromSql(row.vector) as number[] }]));
}

/** Stored vectors of one project, owner type and model (e.g. for clustering). */
export async function listEmbeddingVectors(
  { projectId, ownerType, model, dimension }: { projectId: string; ownerType: string; model: string; dimension: number },
  db: Db = getDb(),
): Promise<{ ownerId: string; vector: number[] }[]> {
  assertDimension(dimension);
  const rows = await db.$queryRaw<{ ownerId: string; vector: string }[]>`
    SELECT "ownerId", "vector"::text AS "vector" FROM "Embedding"
    WHERE "projectId" = ${projectId}::uuid AND "ownerType" = ${ownerType} AND "model" = ${model} AND "dimension" = ${dimension}
    ORDER BY "ownerId"`;
  return rows.map((row) => ({ ownerId: row.ownerId, vector: fromSql(row.vector) as number[] }));
}

/** Nearest owners by cosine similarity, best first. A zero query vector matches nothing. */
export async function searchNearest(params: SearchNearestParams, db: Db = getDb()): Promise<NearestNeighbour[]> {
  return runNearest(params, nearestSql(params), db);
}

/** Nearest tips (owners of type "tip_index" or "tip_content") that pass `filter`, best first. */
export async function searchNearestTips(params: SearchNearestParams & { filter: TipVectorFilter }, db: Db = getDb()): Promise<NearestNeighbour[]> {
  if (params.filter.statuses.length === 0 || params.filter.granularities.length === 0) return [];
  return runNearest(params, nearestTipsSql(params), db);
}

async function runNearest(params: SearchNearestParams, sql: Prisma.Sql, db: Db): Promise<NearestNeighbour[]> {
  const { vector, dimension, limit, minSimilarity = -1 } = params;
  assertVector(vector, dimension);
  assertLimit(limit);
  if (vector.every((value) => value === 0)) return [];
  const [, rows] = await db.$transaction([db.$queryRaw(await searchSettingsSql(db, limit)), db.$queryRaw<NearestNeighbour[]>(sql)]);
  // Iterative scans return rows in relaxed order; zero vectors stored earlier yield NaN.
  return rows
    .filter((row) => Number.isFinite(row.similarity) && row.similarity >= minSimilarity)
    .sort((a, b) => b.similarity - a.similarity || (a.ownerId < b.ownerId ? -1 : a.ownerId > b.ownerId ? 1 : 0));
}

/** Exact top-`limit` (no index: a sequential scan), to measure the HNSW index's recall against. */
export async function searchNearestExact(params: SearchNearestParams, db: Db = getDb()): Promise<NearestNeighbour[]> {
  assertVector(params.vector, params.dimension);
  assertLimit(params.limit);
  const [, rows] = await db.$transaction([
    db.$queryRaw`SELECT set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
    db.$queryRaw<NearestNeighbour[]>(nearestSql(params)),
  ]);
  return rows.filter((row) => Number.isFinite(row.similarity)).sort((a, b) => b.similarity - a.similarity);
}

/**
 * The plan searchNearest (searchNearestTips with `filter`) would run. `preferIndex` plans as a large
 * project would: no sequential scan and no sort of every row (with statistics, a small project's
 * rows are cheaper to read through the B-tree and sort than to search in the graph).
 */
export async function explainSearchNearest(
  params: SearchNearestParams & { preferIndex?: boolean; filter?: TipVectorFilter },
  db: Db = getDb(),
): Promise<string> {
  assertVector(params.vector, params.dimension);
  assertLimit(params.limit);
  const [, , plan] = await db.$transaction([
    db.$queryRaw`SELECT set_config('enable_seqscan', ${params.preferIndex ? "off" : "on"}, true), set_config('enable_sort', ${params.preferIndex ? "off" : "on"}, true)`,
    db.$queryRaw(await searchSettingsSql(db, params.limit)),
    db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${params.filter ? nearestTipsSql({ ...params, filter: params.filter }) : nearestSql(params)}`),
  ]);
  return plan.map((row) => row["QUERY PLAN"]).join("\n");
}

/**
 * Creates the partial HNSW index for a model the first time it is configured (the local
 * model's index comes from a migration). Returns its name, or null when the dimension is
 * beyond what HNSW can index (searches then scan exactly, which is fine per project).
 */
export async function ensureVectorIndex(
  { model, dimension, buildMemory }: { model: string; dimension: number; /** maintenance_work_mem for building over many rows, e.g. "512MB". */ buildMemory?: string },
  db: Db = getDb(),
): Promise<{ indexName: string | null }> {
  assertIndexable(model, dimension);
  if (dimension > MAX_INDEXED_DIMENSION) return { indexName: null };
  const indexName = vectorIndexName({ model, dimension });
  const create = db.$executeRaw`
    CREATE INDEX IF NOT EXISTS ${Prisma.raw(`"${indexName}"`)} ON "Embedding"
    USING hnsw (${vectorColumn(dimension)} vector_cosine_ops)
    WHERE "model" = ${Prisma.raw(`'${model}'`)} AND "dimension" = ${Prisma.raw(String(dimension))}`;
  if (!buildMemory) {
    await create;
    return { indexName };
  }
  if (!/^\d{1,6}(kB|MB|GB)$/.test(buildMemory)) throw new AppError("INVALID_INPUT", { message: `Invalid build memory "${buildMemory}".` });
  // The graph is built in memory while it fits: far faster than spilling to disk at 100 000 rows.
  await db.$transaction([db.$queryRaw`SELECT set_config('maintenance_work_mem', ${buildMemory}, true)`, create], { timeout: 3_600_000 });
  return { indexName };
}

/**
 * Bulk loads only (benchmarks, large imports): drop a model's index, load, then ensureVectorIndex
 * again — one build is several times faster than inserting every row into the graph. Searches
 * scan exactly (slowly) while it is missing.
 */
export async function dropVectorIndex({ model, dimension }: { model: string; dimension: number }, db: Db = getDb()): Promise<void> {
  assertIndexable(model, dimension);
  await db.$executeRaw`DROP INDEX IF EXISTS ${Prisma.raw(`"${vectorIndexName({ model, dimension })}"`)}`;
}

// DDL takes no bind parameters, so the model becomes a literal: only a strict character set (no
// quotes, no spaces) is accepted.
function assertIndexable(model: string, dimension: number): void {
  assertDimension(dimension);
  if (!MODEL_LITERAL.test(model)) {
    throw new AppError("INVALID_INPUT", { message: `Embedding model name "${model}" cannot be indexed.` });
  }
}

/**
 * Refreshes the planner statistics of the tables vector searches read. The embedded server (PGlite)
 * runs no autovacuum: a table that grew from empty is planned as if it still were, and searches
 * fall back to sorting every row (≈ 0.5 s at 100 000 vectors instead of ≈ 10 ms). Run after bulk
 * writes; PostgreSQL's autovacuum does the same on a real server.
 */
export async function analyzeVectorTables(db: Db = getDb()): Promise<void> {
  await db.$executeRaw`ANALYZE "Embedding", "Tip"`;
}

// CREATE INDEX IF NOT EXISTS is cheap but still DDL (a lock): once per model and process is enough.
const ensuredIndexes = new Map<string, Promise<unknown>>();

/** ensureVectorIndex, once per (model, dimension) and process; a failure is retried next time. */
export function ensureVectorIndexOnce({ model, dimension }: { model: string; dimension: number }): Promise<unknown> {
  const key = `${model}\u0000${dimension}`;
  let done = ensuredIndexes.get(key);
  if (!done) {
    done = ensureVectorIndex({ model, dimension }).catch((error: unknown) => {
      ensuredIndexes.delete(key);
      throw error;
    });
    ensuredIndexes.set(key, done);
  }
  return done;
}

/** Deletes an owner's vectors (all models, or one). */
export async function deleteEmbeddingsForOwner(
  { ownerType, ownerId, model }: { ownerType: string; ownerId: string; model?: string },
  db: Db = getDb(),
): Promise<number> {
  const { count } = await db.embedding.deleteMany({ where: { ownerType, ownerId, ...(model ? { model } : {}) } });
  return count;
}

/**
 * "Embedding_vector_<slug>_<dimension>_hnsw" (the migration's name for the local model); a
 * model name whose slug would be lossy or too long also gets a hash, so two models never
 * share (and silently skip) one index.
 */
export function vectorIndexName({ model, dimension }: { model: string; dimension: number }): string {
  const slug = model.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  const plain = `Embedding_vector_${slug}_${dimension}_hnsw`;
  if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(model) && plain.length <= 63) return plain;
  const hash = createHash("sha256").update(model).digest("hex").slice(0, 8);
  return `Embedding_vector_${slug.slice(0, 24)}_${hash}_${dimension}_hnsw`;
}

function nearestSql({ projectId, ownerType, model, dimension, vector, limit }: SearchNearestParams): Prisma.Sql {
  const column = vectorColumn(dimension);
  const query = Prisma.sql`${toSql(vector)}::vector(${Prisma.raw(String(dimension))})`;
  return Prisma.sql`
    SELECT "ownerId", 1 - (${column} <=> ${query}) AS "similarity" FROM "Embedding"
    WHERE "model" = ${model} AND "dimension" = ${Prisma.raw(String(dimension))}
      AND "projectId" = ${projectId}::uuid AND "ownerType" = ${ownerType}
    ORDER BY ${column} <=> ${query}
    LIMIT ${limit}`;
}

// The tip's row is joined by primary key for each row the HNSW scan yields, so the filters cost a
// lookup per scanned row, and the index still drives the order. Status and granularity are compared
// as enums (not ::text) so the planner can use their statistics: with a cast it guesses that almost
// no tip passes and prefers hashing every tip to the index (60x slower at 100 000 tips).
function nearestTipsSql({ projectId, ownerType, model, dimension, vector, limit, filter }: SearchNearestParams & { filter: TipVectorFilter }): Prisma.Sql {
  const column = vectorColumn(dimension);
  const query = Prisma.sql`${toSql(vector)}::vector(${Prisma.raw(String(dimension))})`;
  const applications =
    filter.applications && filter.applications.length > 0
      ? Prisma.sql`AND (t."application" IS NULL OR btrim(t."application") = '' OR lower(btrim(t."application")) IN (${Prisma.join([...filter.applications])}))`
      : Prisma.empty;
  return Prisma.sql`
    SELECT e."ownerId", 1 - (${column} <=> ${query}) AS "similarity"
    FROM "Embedding" e JOIN "Tip" t ON t."id" = e."ownerId"::uuid
    WHERE e."model" = ${model} AND e."dimension" = ${Prisma.raw(String(dimension))}
      AND e."projectId" = ${projectId}::uuid AND e."ownerType" = ${ownerType}
      AND t."projectId" = ${projectId}::uuid
      AND t."status" IN (${Prisma.join(filter.statuses.map((status) => Prisma.sql`${status}::"TipStatus"`))})
      AND t."granularity" IN (${Prisma.join(filter.granularities.map((granularity) => Prisma.sql`${granularity}::"TipGranularity"`))})
      ${applications}
    ORDER BY ${column} <=> ${query}
    LIMIT ${limit}`;
}

// Filters (project, owner type) apply after the HNSW scan; pgvector ≥ 0.8 keeps scanning
// until `limit` rows pass them (iterative scan), older versions stop after ef_search rows.
async function searchSettingsSql(db: Db, limit: number): Promise<Prisma.Sql> {
  const efSearch = String(Math.max(DEFAULT_EF_SEARCH, limit));
  return (await supportsIterativeScan(db))
    ? Prisma.sql`SELECT set_config('hnsw.ef_search', ${efSearch}, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`
    : Prisma.sql`SELECT set_config('hnsw.ef_search', ${efSearch}, true)`;
}

const iterativeScanSupport = new WeakMap<Db, Promise<boolean>>();

function supportsIterativeScan(db: Db): Promise<boolean> {
  let support = iterativeScanSupport.get(db);
  if (!support) {
    support = db.$queryRaw<{ extversion: string }[]>`SELECT extversion FROM pg_extension WHERE extname = 'vector'`.then(
      (rows) => isAtLeast(rows[0]?.extversion ?? "0", ITERATIVE_SCAN_VERSION),
      (error: unknown) => {
        iterativeScanSupport.delete(db); // a failed probe (database down) is retried next time
        throw error;
      },
    );
    iterativeScanSupport.set(db, support);
  }
  return support;
}

function isAtLeast(version: string, minimum: number[]): boolean {
  const parts = version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < minimum.length; i += 1) {
    const diff = (parts[i] ?? 0) - (minimum[i] as number);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

function vectorColumn(dimension: number): Prisma.Sql {
  assertDimension(dimension);
  return Prisma.raw(`("vector"::vector(${dimension}))`);
}

function assertDimension(dimension: number): void {
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > MAX_DIMENSION) {
    throw new AppError("INVALID_INPUT", { message: `Invalid embedding dimension ${dimension} (1..${MAX_DIMENSION}).` });
  }
}

function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new AppError("INVALID_INPUT", { message: `Invalid search limit ${limit} (1..${MAX_LIMIT}).` });
  }
}

function assertVector(vector: number[], dimension: number): void {
  assertDimension(dimension);
  if (vector.length !== dimension) {
    throw new AppError("EMBEDDING_ERROR", {
      message: `Vector has ${vector.length} dimensions but the model records ${dimension}.`,
    });
  }
  if (!vector.every(Number.isFinite)) {
    throw new AppError("EMBEDDING_ERROR", { message: "Vector contains NaN or infinite values." });
  }
}
