// A project's memory as a portable JSON document (GET /api/v1/memory/export, POST …/import):
// approved tips with their structured metadata, the clusters they belong to and their provenance.
// Versioned: a reader refuses a format or version it does not know instead of guessing. Pure.
import { z } from "zod";
import { TIP_CATEGORIES, TIP_GRANULARITIES, TIP_PRIORITIES } from "../retrieval/schema";

export const MEMORY_FORMAT = "debrief.memory";
export const MEMORY_VERSION = 1;
export const MAX_MEMORY_TIPS = 100_000;

const text = (max: number) => z.string().trim().min(1).max(max);

/** Where a tip came from: a trajectory (in the exporting project) and a step range. */
export const memoryProvenanceSchema = z.object({
  trajectoryId: text(200).describe("The source trajectory's id in the exporting instance."),
  externalId: z.string().max(500).nullable().describe("The trajectory's own id from its source system, if any."),
  taskDescription: z.string().max(8000).nullable(),
  stepStart: z.number().int().nonnegative().nullable(),
  stepEnd: z.number().int().nonnegative().nullable(),
  outcomeLabel: z.enum(["success", "failure", "unknown"]),
});
export type MemoryProvenance = z.infer<typeof memoryProvenanceSchema>;

export const memoryClusterSchema = z.object({
  id: text(200),
  canonicalDescription: text(4000).describe("The description the cluster's subtask tips are retrieved by."),
  canonicalSource: z.string().max(40).default("medoid"),
});

export const memoryTipSchema = z.object({
  id: text(200).describe("The tip's id in the exporting instance (imports use it only for reporting)."),
  category: z.enum(TIP_CATEGORIES),
  priority: z.enum(TIP_PRIORITIES),
  granularity: z.enum(TIP_GRANULARITIES),
  content: text(4000),
  purpose: text(4000),
  steps: z.array(text(1000)).max(50),
  trigger: text(2000),
  negativeExample: z.string().trim().max(2000).nullable(),
  application: z.string().trim().max(100).nullable(),
  taskCategory: z.string().trim().max(100).nullable(),
  indexDescription: text(8000).describe("The task (or generalized subtask) description the tip is indexed by."),
  sourceOutcome: z.string().max(200).nullable(),
  origin: z.enum(["llm", "offline", "manual", "merge"]),
  clusterId: z.string().max(200).nullable().describe("A cluster of this document."),
  provenance: z.array(memoryProvenanceSchema).max(1000),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MemoryTip = z.infer<typeof memoryTipSchema>;

export const memoryDocumentSchema = z
  .object({
    format: z.literal(MEMORY_FORMAT, `Not a Debrief memory export (expected "format": "${MEMORY_FORMAT}").`),
    version: z.literal(MEMORY_VERSION, `Unsupported memory format version (this server reads version ${MEMORY_VERSION}).`),
    exportedAt: z.iso.datetime({ offset: true }),
    project: z.object({ slug: z.string().max(100), name: z.string().max(200) }),
    clusters: z.array(memoryClusterSchema).max(MAX_MEMORY_TIPS),
    tips: z.array(memoryTipSchema).max(MAX_MEMORY_TIPS, `At most ${MAX_MEMORY_TIPS} tips per import.`),
  })
  .superRefine((document, context) => {
    const clusterIds = new Set(document.clusters.map((cluster) => cluster.id));
    document.tips.forEach((tip, i) => {
      if (tip.clusterId !== null && !clusterIds.has(tip.clusterId)) {
        context.addIssue({ code: "custom", path: ["tips", i, "clusterId"], message: `Cluster "${tip.clusterId}" is not in the document's clusters.` });
      }
    });
  });
export type MemoryDocument = z.infer<typeof memoryDocumentSchema>;

/** POST /api/v1/memory/import's answer. */
export const memoryImportResultSchema = z.object({
  tips: z.object({
    imported: z.number().int().describe("New tips (approved, unless flagged by the quality checks or imported for review)."),
    duplicates: z.number().int().describe("Already in the project (an earlier import of the same tip, or the same advice)."),
    forReview: z.number().int().describe("Imported as proposed: flagged by the quality checks, or ?status=proposed."),
  }),
  clusters: z.object({ created: z.number().int(), reused: z.number().int() }),
  importedTipIds: z.array(z.uuid()),
  indexed: z.boolean().describe("Whether the new tips were indexed for retrieval right away (otherwise the reindex job does it)."),
});
export type MemoryImportResult = z.infer<typeof memoryImportResultSchema>;

export const memoryImportQuerySchema = z.object({
  status: z.enum(["approved", "proposed"]).default("approved").describe("proposed = put every imported tip in the review queue."),
});
