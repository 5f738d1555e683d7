import "server-only";
// One Prisma client per process (kept on globalThis so Next's dev reloads reuse it),
// created lazily so importing this module never needs a database.
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "../env";
import { resolveDatabaseConnection } from "./connection";
import { PrismaClient } from "./generated/client";

export type Db = ReturnType<typeof createClient>;

function createClient(url: string) {
  const adapter = new PrismaPg({ connectionString: url, max: env.DATABASE_POOL_SIZE });
  // Uploaded file bytes are large and only read on purpose.
  return new PrismaClient({ adapter, omit: { upload: { content: true } } });
}

const globalForDb = globalThis as unknown as { __debriefDb?: { url: string; client: Db } };

export function getDb(): Db {
  const { url } = resolveDatabaseConnection();
  const cached = globalForDb.__debriefDb;
  if (cached && cached.url === url) return cached.client;
  if (cached) void cached.client.$disconnect();
  const client = createClient(url);
  globalForDb.__debriefDb = { url, client };
  return client;
}

export async function disconnectDb(): Promise<void> {
  const cached = globalForDb.__debriefDb;
  globalForDb.__debriefDb = undefined;
  await cached?.client.$disconnect();
}
