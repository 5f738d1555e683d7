// Reading a project's memory for export, and writing an import in one transaction.
import { getDb } from "./client";
import type { Prisma } from "./generated/client";

/** Approved tips with provenance (trajectory task and source id) and cluster, oldest first. */
export async function listMemoryTips({ projectId }: { projectId: string }) {
  return getDb().tip.findMany({
    where: { projectId, status: "approved" },
    include: {
      sources: { include: { trajectory: { select: { externalId: true, taskDescription: true } } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      cluster: { select: { id: true, canonicalDescription: true, canonicalSource: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
export type MemoryTipRow = Awaited<ReturnType<typeof listMemoryTips>>[number];

/** Which of these fingerprints the project already has. */
export async function findExistingFingerprints({ projectId, fingerprints }: { projectId: string; fingerprints: string[] }): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < fingerprints.length; start += 1000) {
    const rows = await getDb().tip.findMany({ where: { projectId, fingerprint: { in: fingerprints.slice(start, start + 1000) } }, select: { fingerprint: true } });
    for (const row of rows) if (row.fingerprint) found.add(row.fingerprint);
  }
  return found;
}

/** The (category, content) of a project's live tips: importing the same advice again is a duplicate. */
export async function listLiveAdvice({ projectId }: { projectId: string }): Promise<{ category: string; content: string }[]> {
  return getDb().tip.findMany({ where: { projectId, status: { notIn: ["rejected", "archived"] } }, select: { category: true, content: true } });
}

/** Active clusters of the project by canonical description (an import reuses them). */
export async function findClustersByDescription({ projectId, descriptions }: { projectId: string; descriptions: string[] }): Promise<Map<string, string>> {
  if (descriptions.length === 0) return new Map();
  const rows = await getDb().cluster.findMany({
    where: { projectId, state: "active", canonicalDescription: { in: descriptions } },
    select: { id: true, canonicalDescription: true },
    orderBy: { createdAt: "asc" },
  });
  const byDescription = new Map<string, string>();
  for (const row of rows) if (!byDescription.has(row.canonicalDescription)) byDescription.set(row.canonicalDescription, row.id);
  return byDescription;
}

/** The ids among `ids` that are trajectories of the project (provenance that can link to real steps). */
export async function findProjectTrajectoryIds({ projectId, ids }: { projectId: string; ids: string[] }): Promise<Set<string>> {
  const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (uuids.length === 0) return new Set();
  const rows = await getDb().trajectory.findMany({ where: { projectId, id: { in: uuids } }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

export interface MemoryWrite {
  clusters: Prisma.ClusterCreateManyInput[];
  tips: Prisma.TipCreateManyInput[];
  sources: Prisma.TipSourceCreateManyInput[];
  events: Prisma.TipEventCreateManyInput[];
}

/** Writes an import all or nothing. */
export async function insertMemory({ clusters, tips, sources, events }: MemoryWrite): Promise<void> {
  await getDb().$transaction(async (tx) => {
    if (clusters.length > 0) await tx.cluster.createMany({ data: clusters });
    for (let start = 0; start < tips.length; start += 1000) await tx.tip.createMany({ data: tips.slice(start, start + 1000) });
    for (let start = 0; start < sources.length; start += 1000) await tx.tipSource.createMany({ data: sources.slice(start, start + 1000) });
    for (let start = 0; start < events.length; start += 1000) await tx.tipEvent.createMany({ data: events.slice(start, start + 1000) });
  }, { timeout: 120_000 });
}
