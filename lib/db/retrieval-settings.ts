// A project's stored retrieval defaults (one row per project; absent = built-in defaults).
import { getDb } from "./client";
import type { Prisma } from "./generated/client";

export async function getRetrievalSettingsRow({ projectId }: { projectId: string }) {
  return getDb().retrievalSettings.findUnique({ where: { projectId } });
}
export type RetrievalSettingsRow = NonNullable<Awaited<ReturnType<typeof getRetrievalSettingsRow>>>;

export async function upsertRetrievalSettings({
  projectId,
  data,
  updatedBy,
}: {
  projectId: string;
  data: Omit<Prisma.RetrievalSettingsUncheckedCreateInput, "projectId" | "updatedBy" | "updatedAt">;
  updatedBy: string | null;
}) {
  return getDb().retrievalSettings.upsert({
    where: { projectId },
    create: { projectId, ...data, updatedBy },
    update: { ...data, updatedBy },
  });
}
