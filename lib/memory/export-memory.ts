// GET /api/v1/memory/export: a project's approved tips, their clusters and provenance as one
// versioned document (schema.ts). Provenance joins the tip's own source ranges with provenance an
// earlier import carried in, so export → import → export gives the same provenance.
import { listMemoryTips, type MemoryTipRow } from "../db/memory";
import { getProjectById } from "../db/projects";
import { AppError } from "../errors";
import { MEMORY_FORMAT, MEMORY_VERSION, memoryProvenanceSchema, type MemoryDocument, type MemoryProvenance, type MemoryTip } from "./schema";

export async function exportMemory({ projectId, now = new Date() }: { projectId: string; now?: Date }): Promise<MemoryDocument> {
  const project = await getProjectById({ id: projectId });
  if (!project) throw new AppError("NOT_FOUND", { userMessage: "That project does not exist." });
  const rows = await listMemoryTips({ projectId });
  const clusters = new Map<string, MemoryDocument["clusters"][number]>();
  for (const row of rows) {
    if (row.cluster && !clusters.has(row.cluster.id)) {
      clusters.set(row.cluster.id, { id: row.cluster.id, canonicalDescription: row.cluster.canonicalDescription, canonicalSource: row.cluster.canonicalSource });
    }
  }
  return {
    format: MEMORY_FORMAT,
    version: MEMORY_VERSION,
    exportedAt: now.toISOString(),
    project: { slug: project.slug, name: project.name },
    clusters: [...clusters.values()],
    tips: rows.map(toMemoryTip),
  };
}

function toMemoryTip(row: MemoryTipRow): MemoryTip {
  return {
    id: row.id,
    category: row.category,
    priority: row.priority,
    granularity: row.granularity,
    content: row.content,
    purpose: row.purpose,
    steps: row.steps,
    trigger: row.trigger,
    negativeExample: row.negativeExample,
    application: row.application,
    taskCategory: row.taskCategory,
    indexDescription: row.indexDescription,
    sourceOutcome: row.sourceOutcome,
    origin: row.origin,
    clusterId: row.cluster?.id ?? null,
    provenance: [...row.sources.map(toProvenance), ...carriedProvenance(row.externalProvenance)],
    createdAt: row.createdAt.toISOString(),
  };
}

function toProvenance(source: MemoryTipRow["sources"][number]): MemoryProvenance {
  return {
    trajectoryId: source.trajectoryId,
    externalId: source.trajectory.externalId,
    taskDescription: source.trajectory.taskDescription,
    stepStart: source.stepStart,
    stepEnd: source.stepEnd,
    outcomeLabel: source.outcomeLabel,
  };
}

/** Provenance stored by an import; entries that no longer parse are left out rather than breaking the export. */
function carriedProvenance(value: unknown): MemoryProvenance[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = memoryProvenanceSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
