// The LlmCall table: every LLM call (ok, error, cache hit) and the cache lookup.
import type { CachedLlmCall, LlmCallRecord, LlmCallStore } from "../llm/call-store";
import type { Db } from "./client";
import { Prisma } from "./generated/client";

/** Latest successful paid call for a cache key; cache-hit rows are copies, never sources. */
export async function findCachedLlmCall(db: Db, { cacheKey }: { cacheKey: string }): Promise<CachedLlmCall | null> {
  const row = await db.llmCall.findFirst({
    where: { cacheKey, status: "ok", cacheHit: false },
    orderBy: { createdAt: "desc" },
    select: { id: true, response: true, model: true },
  });
  return row ? { id: row.id, response: row.response, model: row.model } : null;
}

export async function recordLlmCall(db: Db, row: LlmCallRecord): Promise<{ id: string }> {
  return db.llmCall.create({
    data: {
      ...row,
      request: toJson(row.request),
      response: toJson(row.response),
    },
    select: { id: true },
  });
}

/** Adapter for the LLM client; the db is passed in so callers choose the connection. */
export function createPrismaLlmCallStore(db: Db): LlmCallStore {
  return {
    findCached: (cacheKey) => findCachedLlmCall(db, { cacheKey }),
    record: (row) => recordLlmCall(db, row),
  };
}

// Prisma distinguishes SQL NULL from JSON null; an absent value is stored as SQL NULL.
function toJson(value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  if (value === undefined || value === null) return Prisma.DbNull;
  return value as Prisma.InputJsonValue;
}
