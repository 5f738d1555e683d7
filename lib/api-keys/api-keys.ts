// Project API keys for the agent API: created with a name, shown in plaintext exactly once,
// stored as a SHA-256 hash plus a short prefix (to tell keys apart in Settings), revoked, never
// deleted. A key is 32 random bytes: a fast hash is safe for secrets of that entropy (a slow
// password hash protects low-entropy human passwords, which these are not).
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { insertApiKey, listApiKeysOfProject, revokeApiKeyById, type ApiKeyRow } from "../db/api-keys";
import { getProjectById } from "../db/projects";
import { AppError } from "../errors";

/** Every key starts with this, so leaked keys are recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "dbk_";
/** Characters of the key kept in clear (prefix + 8 random characters). */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

export const createApiKeySchema = z.object({
  projectId: z.uuid("Choose a project."),
  name: z.string().trim().min(1, "Name the key (e.g. the agent or CI job that uses it).").max(100, "At most 100 characters."),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ id: z.uuid(), projectId: z.uuid() });

/** A key as Settings lists it (never the key itself). */
export interface ApiKeyView {
  id: string;
  projectId: string;
  name: string;
  /** The key's first characters, e.g. "dbk_3fA9xQ2k". */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A fresh key: "dbk_" + 43 base64url characters (32 random bytes). */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, SHOWN_LENGTH), hash: hashApiKey(key) };
}

/** Creates a key; the returned `key` is the only time the plaintext exists outside the caller. */
export async function createApiKey(input: CreateApiKeyInput): Promise<ApiKeyView & { key: string }> {
  const { projectId, name } = createApiKeySchema.parse(input);
  if (!(await getProjectById({ id: projectId }))) throw new AppError("NOT_FOUND", { userMessage: "That project does not exist." });
  const { key, prefix, hash } = generateApiKey();
  const row = await insertApiKey({ projectId, name, prefix, hash });
  return { ...toApiKeyView(row), key };
}

export async function listApiKeys({ projectId }: { projectId: string }): Promise<ApiKeyView[]> {
  return (await listApiKeysOfProject({ projectId })).map(toApiKeyView);
}

/** Revokes a key of the project (idempotent: revoking a revoked key keeps its first revocation time). */
export async function revokeApiKey(input: z.infer<typeof revokeApiKeySchema>): Promise<ApiKeyView> {
  const { id, projectId } = revokeApiKeySchema.parse(input);
  const row = await revokeApiKeyById({ id, projectId });
  if (!row) throw new AppError("NOT_FOUND", { userMessage: "That API key does not exist in this project." });
  return toApiKeyView(row);
}

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
