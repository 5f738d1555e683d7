// Instance-wide key/value settings. Secrets use their own keys so reading a settings
// object can never carry a secret along by accident.
import type { Prisma } from "./generated/client";
import { getDb } from "./client";

export async function getSetting<T>({ key }: { key: string }): Promise<T | null> {
  const row = await getDb().appSetting.findUnique({ where: { key } });
  return (row?.value as T | undefined) ?? null;
}

export async function putSetting({ key, value }: { key: string; value: Prisma.InputJsonValue }): Promise<void> {
  await getDb().appSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

export async function deleteSetting({ key }: { key: string }): Promise<void> {
  await getDb().appSetting.deleteMany({ where: { key } });
}
