// Tips: saving proposals (never twice, each through the quality gate), and the review changes —
// each one versioned (no lost update between two reviewers) and recorded as a history event.
// Nothing is hard-deleted.
import { createHash } from "node:crypto";
import type { EmbeddingClient } from "../embeddings/types";
import { AppError } from "../errors";
import { canAutoApprove, contentFlags, normalizeTipText } from "../review/quality-flags";
import { createSimilarityGate } from "../review/similarity-gate";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { getDb } from "./client";
import type { Prisma, Tip, TipStatus } from "./generated/client";

/** What an extractor proposes (the LLM and the offline extractor share this shape). */
export interface TipProposalInput {
  category: "strategy" | "recovery" | "optimization";
  content: string;
  purpose: string;
  steps: string[];
  trigger: string;
  negativeExample?: string | null;
  application: string | null;
  taskCategory: string | null;
  priority: "critical" | "high" | "medium" | "low";
  granularity: "task" | "subtask";
  provenance: { stepStart: number; stepEnd: number }[];
  sourceOutcome?: string | null;
  source: "heuristic" | "llm";
  evidence?: string | null;
  /** The description the tip is retrieved by (subtask description, else the task). */
  indexDescription?: string | null;
}

export interface SaveProposalsInput {
  projectId: string;
  trajectoryId: string;
  extractionId: string | null;
  taskDescription: string;
  outcomeLabel: "success" | "failure" | "unknown";
  proposals: TipProposalInput[];
  llm?: { model: string | null; promptVersion: string | null; costUsd: number | null };
  actor: string;
}

/**
 * Saves new proposals; returns created ids and how many were already proposed before. Each new
 * tip passes the quality gate (content flags, then duplicates / near duplicates / conflicts against
 * the project's tips and the batch's earlier ones) and gets its content vector, so later batches
 * and the detail pane compare against it.
 */
export async function saveTipProposals(
  input: SaveProposalsInput,
  deps: { embedder?: EmbeddingClient } = {},
): Promise<{ created: string[]; existing: number }> {
  const db = getDb();
  const project = await db.project.findUniqueOrThrow({ where: { id: input.projectId }, select: { autoApprove: true } });
  const { fresh, existing } = await withoutSaved(input);
  if (fresh.length === 0) return { created: [], existing };
  const gate = await createSimilarityGate({
    projectId: input.projectId,
    proposals: fresh.map(({ proposal }) => proposal),
    embedder: deps.embedder ?? (await getConfiguredEmbedder()),
  });
  const created: string[] = [];
  for (const [index, { proposal, fingerprint }] of fresh.entries()) {
    const similarity = await gate.check(index);
    const flags: string[] = [...contentFlags(proposal), ...similarity.flags];
    const status: TipStatus = project.autoApprove && canAutoApprove(flags) ? "approved" : "proposed";
    // `similarTo` records which tips it duplicates or contradicts (the pane lists them).
    const similarTo = similarity.similarTo.map(({ id, similarity: score, label }) => ({ id, similarity: score, label }));
    const proposed: Prisma.InputJsonObject = { status: "proposed", flags, ...(similarTo.length > 0 && { similarTo }) };
    const tip = await db.tip.create({
      data: {
        ...tipData(input, proposal),
        fingerprint,
        flags,
        status,
        events: {
          create: [
            { type: "proposed", actor: input.actor, after: proposed },
            ...(status === "approved" ? [{ type: "auto_approved", actor: "auto-approve policy", after: { status } }] : []),
          ],
        },
      },
      select: { id: true },
    });
    gate.remember(index, tip.id);
    created.push(tip.id);
  }
  await gate.persist();
  return { created, existing };
}

/** Proposals not saved before (by fingerprint), without repeats inside the batch. */
async function withoutSaved(input: SaveProposalsInput): Promise<{ fresh: { proposal: TipProposalInput; fingerprint: string }[]; existing: number }> {
  const all = input.proposals.map((proposal) => ({ proposal, fingerprint: tipFingerprint(input.trajectoryId, proposal) }));
  const saved = await getDb().tip.findMany({
    where: { projectId: input.projectId, fingerprint: { in: all.map(({ fingerprint }) => fingerprint) } },
    select: { fingerprint: true },
  });
  const seen = new Set(saved.map(({ fingerprint }) => fingerprint));
  const fresh: typeof all = [];
  for (const item of all) {
    if (seen.has(item.fingerprint)) continue;
    seen.add(item.fingerprint);
    fresh.push(item);
  }
  return { fresh, existing: all.length - fresh.length };
}

function tipData(input: SaveProposalsInput, proposal: TipProposalInput) {
  return {
    projectId: input.projectId,
    extractionId: input.extractionId,
    category: proposal.category,
    content: proposal.content,
    purpose: proposal.purpose,
    steps: proposal.steps,
    trigger: proposal.trigger,
    negativeExample: proposal.negativeExample ?? null,
    application: proposal.application,
    taskCategory: proposal.taskCategory,
    priority: proposal.priority,
    granularity: proposal.granularity,
    indexDescription: proposal.indexDescription ?? input.taskDescription,
    sourceOutcome: proposal.sourceOutcome ?? null,
    origin: proposal.source === "heuristic" ? ("offline" as const) : ("llm" as const),
    evidence: proposal.evidence ?? null,
    model: input.llm?.model ?? null,
    promptVersion: input.llm?.promptVersion ?? null,
    costUsd: input.llm?.costUsd ?? null,
    updatedBy: input.actor,
    sources: {
      create: proposal.provenance.map((range) => ({
        trajectoryId: input.trajectoryId,
        stepStart: range.stepStart,
        stepEnd: range.stepEnd,
        outcomeLabel: input.outcomeLabel,
      })),
    },
  };
}

/** Trajectory + category + normalized content: the same advice proposed again is the same tip. */
export function tipFingerprint(trajectoryId: string, proposal: Pick<TipProposalInput, "category" | "content">): string {
  return createHash("sha256").update(`${trajectoryId}\u0000${proposal.category}\u0000${normalizeTipText(proposal.content)}`).digest("hex");
}

export const EDITABLE_TIP_FIELDS = ["category", "content", "purpose", "steps", "trigger", "negativeExample", "application", "taskCategory", "priority"] as const;
export type TipEdit = Partial<Pick<Tip, (typeof EDITABLE_TIP_FIELDS)[number]>>;

/**
 * Applies a change only if the tip is still at `expectedVersion` (optimistic concurrency), bumps
 * the version and records the event with before/after — one transaction, one connection.
 */
export async function changeTip({
  id,
  expectedVersion,
  actor,
  type,
  data,
  note,
}: {
  id: string;
  expectedVersion: number;
  actor: string;
  type: string;
  data: Prisma.TipUpdateManyMutationInput & TipEdit & { status?: TipStatus };
  note?: string | null;
}): Promise<Tip> {
  return getDb().$transaction(async (tx) => {
    const before = await tx.tip.findUnique({ where: { id } });
    if (!before) throw new AppError("NOT_FOUND", { userMessage: "That tip does not exist." });
    const { count } = await tx.tip.updateMany({
      where: { id, version: expectedVersion },
      data: { ...data, version: { increment: 1 }, updatedBy: actor },
    });
    if (count === 0) {
      throw new AppError("CONFLICT", {
        userMessage: `This tip was changed by ${before.updatedBy ?? "someone else"} meanwhile (now version ${before.version}). Reload to see their change.`,
      });
    }
    const after = await tx.tip.findUniqueOrThrow({ where: { id } });
    await tx.tipEvent.create({
      data: { tipId: id, type, actor, note: note ?? null, before: pick(before, data), after: pick(after, data) },
    });
    return after;
  });
}

function pick(tip: Tip, data: object): Prisma.InputJsonValue {
  const keys = Object.keys(data) as (keyof Tip)[];
  return Object.fromEntries(keys.map((key) => [key, tip[key] as unknown])) as Prisma.InputJsonValue;
}
