// Tips: saving proposals (never twice), and the review changes — each one versioned (no lost
// update between two reviewers) and recorded as a history event. Nothing is hard-deleted.
import { createHash } from "node:crypto";
import { AppError } from "../errors";
import { canAutoApprove, contentFlags, normalizeTipText } from "../review/quality-flags";
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

/** Saves new proposals; returns created ids and how many were already proposed before. */
export async function saveTipProposals(input: SaveProposalsInput): Promise<{ created: string[]; existing: number }> {
  const db = getDb();
  const project = await db.project.findUniqueOrThrow({ where: { id: input.projectId }, select: { autoApprove: true } });
  const created: string[] = [];
  let existing = 0;
  for (const proposal of input.proposals) {
    const fingerprint = tipFingerprint(input.trajectoryId, proposal);
    if (await db.tip.findUnique({ where: { projectId_fingerprint: { projectId: input.projectId, fingerprint } }, select: { id: true } })) {
      existing++;
      continue;
    }
    const flags: string[] = contentFlags(proposal);
    const sameAdvice = await db.tip.findFirst({
      where: { projectId: input.projectId, category: proposal.category, content: { equals: proposal.content, mode: "insensitive" }, status: { notIn: ["rejected", "archived"] } },
      select: { id: true },
    });
    if (sameAdvice) flags.push("duplicate");
    const status: TipStatus = project.autoApprove && canAutoApprove(flags) ? "approved" : "proposed";
    const tip = await db.tip.create({
      data: {
        projectId: input.projectId,
        extractionId: input.extractionId,
        fingerprint,
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
        origin: proposal.source === "heuristic" ? "offline" : "llm",
        evidence: proposal.evidence ?? null,
        flags,
        status,
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
        events: {
          create: [
            { type: "proposed", actor: input.actor, after: { status: "proposed", flags } },
            ...(status === "approved" ? [{ type: "auto_approved", actor: "auto-approve policy", after: { status } }] : []),
          ],
        },
      },
      select: { id: true },
    });
    created.push(tip.id);
  }
  return { created, existing };
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
