import "server-only";
// One Prisma client per process (kept on globalThis so Next's dev reloads reuse it),
// created lazily so importing this module never needs a database.
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "../env";
import { resolveDatabaseConnection } from "./connection";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { __debriefDb?: { url: string; client: PrismaClient } };

export function getDb(): PrismaClient {
  const { url } = resolveDatabaseConnection();
  const cached = globalForDb.__debriefDb;
  if (cached && cached.url === url) return cached.client;
  if (cached) void cached.client.$disconnect();
  const adapter = new PrismaPg({ connectionString: url, max: env.DATABASE_POOL_SIZE });
  const client = new PrismaClient({ adapter });
  globalForDb.__debriefDb = { url, client };
  return client;
}

export async function disconnectDb(): Promise<void> {
  const cached = globalForDb.__debriefDb;
  globalForDb.__debriefDb = undefined;
  await cached?.client.$disconnect();
}
