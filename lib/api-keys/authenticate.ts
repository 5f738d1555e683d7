// `Authorization: Bearer <key>` on /api/v1 requests: the key's project is the request's project.
// Missing, malformed, unknown and revoked keys all answer 401 (with a message saying which, since a
// key holder debugging an integration needs to know; the key itself is never echoed).
import { findApiKeyByHash, touchApiKey } from "../db/api-keys";
import { AppError } from "../errors";
import { hashApiKey } from "./api-keys";

/** Who is calling: the key and its project. */
export interface ApiCaller {
  keyId: string;
  projectId: string;
  projectSlug: string;
}

/** lastUsedAt is written at most once a minute per key: not a database write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hasBearerToken(request: Request): boolean {
  return request.headers.has("authorization");
}

export async function authenticateRequest(request: Request, { now = new Date() }: { now?: Date } = {}): Promise<ApiCaller> {
  const header = request.headers.get("authorization");
  if (!header) throw unauthorized("Send a project API key: `Authorization: Bearer <key>` (create one in Settings → API keys).");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be `Bearer <key>`.");
  const key = await findApiKeyByHash({ hash: hashApiKey(match[1]!) });
  if (!key) throw unauthorized("Unknown API key.");
  if (key.revokedAt) throw unauthorized(`This API key (${key.prefix}…) was revoked.`);
  if (key.project.archivedAt) throw unauthorized("This API key's project is archived.");
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiKey({ id: key.id, at: now }).catch((error: unknown) => console.warn(`[api] could not record the use of key ${key.prefix}`, error));
  }
  return { keyId: key.id, projectId: key.projectId, projectSlug: key.project.slug };
}

function unauthorized(userMessage: string): AppError {
  return new AppError("UNAUTHORIZED", { userMessage });
}
