// Review decisions on tips. Each is a versioned change with a history event; undo applies the
// "before" of the last decision as a new event, so history only ever grows.
import { z } from "zod";
import { changeTip, EDITABLE_TIP_FIELDS } from "../db/tips";
import { getDb } from "../db/client";
import type { Tip } from "../db/generated/client";
import type { EmbeddingClient } from "../embeddings/types";
import { AppError } from "../errors";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { contentFlags, SIMILARITY_FLAGS } from "./quality-flags";
import { assignTipsToClusters } from "../consolidation/assign-new-tips";
import { ensureTipVector } from "./tip-embeddings";
import { reindexTipsBestEffort } from "../retrieval/index-tips";

const UNDOABLE = ["approved", "rejected", "edited", "edited_and_approved", "archived"];

export const tipEditSchema = z.object({
  category: z.enum(["strategy", "recovery", "optimization"]).optional(),
  content: z.string().trim().min(10, "Say what to do in at least a sentence.").max(2000).optional(),
  purpose: z.string().trim().min(1).max(2000).optional(),
  steps: z.array(z.string().trim().min(1).max(500)).max(20).optional(),
  trigger: z.string().trim().min(1).max(1000).optional(),
  negativeExample: z.string().trim().max(1000).nullable().optional(),
  application: z.string().trim().max(100).nullable().optional(),
  taskCategory: z.string().trim().max(100).nullable().optional(),
  priority: z.enum(["critical", "high", "medium", "low"]).optional(),
});
export type TipEditInput = z.infer<typeof tipEditSchema>;

interface Decision {
  id: string;
  version: number;
  actor: string;
}

/** Where changed tip texts get their new vectors; the configured embedder by default. */
export interface ReviewDeps {
  embedder?: EmbeddingClient;
}

export async function approveTip({ id, version, actor }: Decision, deps: ReviewDeps = {}) {
  const after = await changeTip({ id, expectedVersion: version, actor, type: "approved", data: { status: "approved", rejectReason: null } });
  await joinExistingCluster(after, deps);
  await reindexTipsBestEffort({ projectId: after.projectId, tipIds: [after.id] }, deps);
  return after;
}

export function rejectTip({ id, version, actor, reason }: Decision & { reason?: string | null }) {
  return changeTip({ id, expectedVersion: version, actor, type: "rejected", data: { status: "rejected", rejectReason: reason ?? null }, note: reason });
}

/**
 * Edits fields (re-checking the content flags; similarity flags stay as the gate set them) and
 * optionally approves in the same change. A new content or purpose is re-embedded, so later
 * comparisons see the tip as it now reads.
 */
export async function editTip({ id, version, actor, edit, approve }: Decision & { edit: TipEditInput; approve?: boolean }, deps: ReviewDeps = {}) {
  const current = await getDb().tip.findUnique({ where: { id } });
  if (!current) throw new AppError("NOT_FOUND", { userMessage: "That tip does not exist." });
  const patch = Object.fromEntries(Object.entries(edit).filter(([key, value]) => value !== undefined && (EDITABLE_TIP_FIELDS as readonly string[]).includes(key)));
  const merged = { ...current, ...patch };
  const similarityFlags = current.flags.filter((flag) => (SIMILARITY_FLAGS as readonly string[]).includes(flag));
  const flags = [...similarityFlags, ...contentFlags(merged)];
  const after = await changeTip({
    id,
    expectedVersion: version,
    actor,
    type: approve ? "edited_and_approved" : "edited",
    data: { ...patch, flags, ...(approve && { status: "approved", rejectReason: null }) },
  });
  await reembedIfChanged(current, after, deps);
  if (approve) await joinExistingCluster(after, deps);
  await reindexTipsBestEffort({ projectId: after.projectId, tipIds: [after.id] }, deps);
  return after;
}

/**
 * Incremental consolidation: a newly approved tip joins the nearest existing cluster (no full
 * re-cluster). Best effort after the committed approval — a failure leaves the tip unclustered
 * until the next consolidation run, never undoes the approval.
 */
async function joinExistingCluster(tip: Tip, deps: ReviewDeps): Promise<void> {
  if (tip.clusterId || tip.status !== "approved") return;
  try {
    await assignTipsToClusters({ projectId: tip.projectId, tipIds: [tip.id] }, { embedder: deps.embedder ?? (await getConfiguredEmbedder()) });
  } catch (error) {
    console.warn(`[review] tip ${tip.id} approved but not yet placed in a cluster`, error);
  }
}

/** Reverts the tip's last review decision (approve, reject, edit, archive). */
export async function undoLastDecision({ id, version, actor }: Decision, deps: ReviewDeps = {}) {
  const last = await getDb().tipEvent.findFirst({ where: { tipId: id, type: { in: UNDOABLE } }, orderBy: { createdAt: "desc" } });
  const lastUndo = await getDb().tipEvent.findFirst({ where: { tipId: id, type: "undone" }, orderBy: { createdAt: "desc" } });
  if (!last || (lastUndo && lastUndo.createdAt >= last.createdAt)) {
    throw new AppError("CONFLICT", { userMessage: "There is no decision on this tip to undo." });
  }
  const before = (last.before ?? {}) as Record<string, unknown>;
  const current = await getDb().tip.findUniqueOrThrow({ where: { id } });
  const after = await changeTip({ id, expectedVersion: version, actor, type: "undone", data: before, note: `undid "${last.type}" by ${last.actor}` });
  await reembedIfChanged(current, after, deps);
  await reindexTipsBestEffort({ projectId: after.projectId, tipIds: [after.id] }, deps);
  return after;
}

/**
 * The change is committed before this runs: if the embedder fails, the edit stands and the stale
 * vector (its checksum no longer matches) is replaced the next time the tip is shown or the
 * project is re-embedded.
 */
async function reembedIfChanged(before: Tip, after: Tip, deps: ReviewDeps): Promise<void> {
  if (before.content === after.content && before.purpose === after.purpose) return;
  try {
    await ensureTipVector(deps.embedder ?? (await getConfiguredEmbedder()), after);
  } catch (error) {
    console.warn(`[review] tip ${after.id} changed but could not be re-embedded yet`, error);
  }
}

/** Applies one decision to many tips; each succeeds or fails on its own (a conflict does not stop the rest). */
export async function bulkDecide({
  tips,
  actor,
  decision,
  reason,
}: {
  tips: { id: string; version: number }[];
  actor: string;
  decision: "approve" | "reject";
  reason?: string | null;
}): Promise<{ done: string[]; failed: { id: string; error: string }[] }> {
  const done: string[] = [];
  const failed: { id: string; error: string }[] = [];
  for (const tip of tips) {
    try {
      if (decision === "approve") await approveTip({ ...tip, actor });
      else await rejectTip({ ...tip, actor, reason });
      done.push(tip.id);
    } catch (error) {
      failed.push({ id: tip.id, error: error instanceof AppError ? error.userMessage : String(error) });
    }
  }
  return { done, failed };
}
