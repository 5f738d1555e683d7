// API keys of projects. The hash is the only copy of a key; it never leaves this module's callers
// except to match a presented key (the `hash` column is omitted from every listing).
import { getDb } from "./client";

const PUBLIC_FIELDS = { id: true, projectId: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export async function insertApiKey({ projectId, name, prefix, hash }: { projectId: string; name: string; prefix: string; hash: string }) {
  return getDb().apiKey.create({ data: { projectId, name, prefix, hash }, select: PUBLIC_FIELDS });
}

/** A project's keys, newest first (revoked ones too: they explain a 401). */
export async function listApiKeysOfProject({ projectId }: { projectId: string }) {
  return getDb().apiKey.findMany({ where: { projectId }, select: PUBLIC_FIELDS, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeysOfProject>>[number];

export async function findApiKeyByHash({ hash }: { hash: string }) {
  return getDb().apiKey.findUnique({ where: { hash }, select: { ...PUBLIC_FIELDS, project: { select: { slug: true, archivedAt: true } } } });
}

/** Revokes a live key; returns null when there is no such key (or it was revoked already: then its row). */
export async function revokeApiKeyById({ id, projectId }: { id: string; projectId?: string }) {
  const db = getDb();
  const key = await db.apiKey.findFirst({ where: { id, ...(projectId && { projectId }) }, select: PUBLIC_FIELDS });
  if (!key || key.revokedAt) return key;
  return db.apiKey.update({ where: { id }, data: { revokedAt: new Date() }, select: PUBLIC_FIELDS });
}

export async function touchApiKey({ id, at }: { id: string; at: Date }): Promise<void> {
  await getDb().apiKey.update({ where: { id }, data: { lastUsedAt: at } });
}
