// Consolidation proposals: creating them (never the same one twice), and the reviewer's
// decisions — accept (optionally edited), reject, revert. Each decision is one transaction that
// records the prior state of every tip it touches, so a revert restores it exactly; tips are
// never deleted (sources become `merged`, a conflict's loser `archived`, a reverted merge result
// `archived`), and every tip change is a history event.
import { AppError } from "../errors";
import { orderedPair, pairKey, pairsOf, proposalFingerprint, type ProposalKind, type ProposedTip } from "../consolidation/proposal";
import { getDb, type Db } from "./client";
import type { MergeProposal, Prisma, TipStatus } from "./generated/client";

type Tx = Prisma.TransactionClient;

export interface NewProposal {
  kind: ProposalKind;
  origin: "llm" | "offline";
  clusterId: string | null;
  sourceTipIds: string[];
  /** merge: the tip to create; conflict: the winner's fields; keep: {} */
  proposedTip: ProposedTip | Record<string, never>;
  diff?: unknown;
  rule?: string | null;
  rationale?: string | null;
  conflicts?: unknown;
  llmCallId?: string | null;
}

/** A tip's fields a decision may change, as they were before it. */
interface TipPriorState {
  id: string;
  status: TipStatus;
  mergedIntoId: string | null;
  version: number;
}

/** Saves proposals that were not made before (any status); returns the new ones' ids. */
export async function saveProposals({ projectId, runId, proposals }: { projectId: string; runId: string | null; proposals: NewProposal[] }): Promise<string[]> {
  const db = getDb();
  const created: string[] = [];
  for (const proposal of proposals) {
    const fingerprint = proposalFingerprint(proposal.kind, proposal.sourceTipIds);
    const seen = await db.mergeProposal.findFirst({ where: { projectId, fingerprint }, select: { id: true } });
    if (seen) continue;
    const row = await db.mergeProposal.create({
      data: {
        projectId,
        runId,
        clusterId: proposal.clusterId,
        kind: proposal.kind,
        origin: proposal.origin,
        sourceTipIds: proposal.sourceTipIds,
        proposedTip: proposal.proposedTip as Prisma.InputJsonValue,
        diff: (proposal.diff ?? undefined) as Prisma.InputJsonValue | undefined,
        conflicts: (proposal.conflicts ?? undefined) as Prisma.InputJsonValue | undefined,
        rule: proposal.rule ?? null,
        rationale: proposal.rationale ?? null,
        llmCallId: proposal.llmCallId ?? null,
        fingerprint,
      },
      select: { id: true },
    });
    created.push(row.id);
  }
  return created;
}

/** Pairs people said are not duplicates ("a|b" keys, smaller id first). */
export async function listDistinctPairs({ projectId }: { projectId: string }, db: Db = getDb()): Promise<Set<string>> {
  const rows = await db.tipPairDecision.findMany({ where: { projectId, decision: "distinct" }, select: { tipAId: true, tipBId: true } });
  return new Set(rows.map((row) => pairKey(row.tipAId, row.tipBId)));
}

export interface DecideProposalInput {
  id: string;
  actor: string;
  note?: string | null;
}

/**
 * Accepts a proposal. merge: creates the merged tip (approved, provenance = union of the sources'),
 * marks the sources merged into it; an edited tip is recorded as "overridden". conflict: archives
 * the loser, linked to the winner. keep: remembers every pair as not duplicates.
 */
export async function acceptProposal({ id, actor, note, edited }: DecideProposalInput & { edited?: ProposedTip }): Promise<MergeProposal> {
  return getDb().$transaction(async (tx) => {
    const proposal = await claimProposal(tx, id, "proposed", "accept");
    const tips = await loadLiveTips(tx, proposal);
    const priorState: TipPriorState[] = tips.map(({ id: tipId, status, mergedIntoId, version }) => ({ id: tipId, status, mergedIntoId, version }));
    let resultTipId: string | null = null;
    if (proposal.kind === "merge") {
      resultTipId = await createMergedTip(tx, proposal, edited ?? (proposal.proposedTip as ProposedTip), actor);
      for (const tip of tips) {
        await changeTipState(tx, tip, { status: "merged", mergedIntoId: resultTipId }, { type: "merged", actor, note: `Merged by proposal ${proposal.id}` });
      }
    } else if (proposal.kind === "conflict") {
      const loserId = proposal.sourceTipIds[1];
      const winnerId = proposal.sourceTipIds[0]!;
      const loser = tips.find((tip) => tip.id === loserId);
      if (!loser) throw new AppError("CONFLICT", { userMessage: "The conflicting tip is gone." });
      await changeTipState(tx, loser, { status: "archived", mergedIntoId: winnerId }, {
        type: "conflict_lost",
        actor,
        note: `Lost a conflict to ${winnerId} by rule ${proposal.rule ?? "unknown"}: ${proposal.rationale ?? ""}`.trim(),
      });
    } else {
      await rememberDistinct(tx, proposal, actor);
    }
    return tx.mergeProposal.update({
      where: { id },
      data: {
        status: edited ? "overridden" : "accepted",
        resultTipId,
        priorState: priorState as unknown as Prisma.InputJsonValue,
        ...(edited && { proposedTip: edited as Prisma.InputJsonValue }),
        decidedAt: new Date(),
        decidedBy: actor,
        decisionNote: note ?? null,
      },
    });
  });
}

/** Rejects a proposal; a rejected merge or keep-apart means "not duplicates" and is remembered. */
export async function rejectProposal({ id, actor, note }: DecideProposalInput): Promise<MergeProposal> {
  return getDb().$transaction(async (tx) => {
    const proposal = await claimProposal(tx, id, "proposed", "reject");
    if (proposal.kind === "merge") await rememberDistinct(tx, proposal, actor);
    return tx.mergeProposal.update({ where: { id }, data: { status: "rejected", decidedAt: new Date(), decidedBy: actor, decisionNote: note ?? null } });
  });
}

/**
 * Reverts an accepted proposal: restores every touched tip to its recorded prior state (status,
 * merge link) and archives the merged tip — refused if a later decision built on the result.
 */
export async function revertProposal({ id, actor, note }: DecideProposalInput): Promise<MergeProposal> {
  return getDb().$transaction(async (tx) => {
    const proposal = await tx.mergeProposal.findUnique({ where: { id } });
    if (!proposal) throw new AppError("NOT_FOUND", { userMessage: "That proposal does not exist." });
    if (proposal.status !== "accepted" && proposal.status !== "overridden") {
      throw new AppError("CONFLICT", { userMessage: `Only an accepted proposal can be reverted; this one is ${proposal.status}.` });
    }
    const prior = (proposal.priorState ?? []) as unknown as TipPriorState[];
    if (proposal.resultTipId) {
      const result = await tx.tip.findUniqueOrThrow({ where: { id: proposal.resultTipId } });
      if (result.status === "merged" || result.mergedIntoId) {
        throw new AppError("CONFLICT", { userMessage: "The merged tip was merged again since; revert that merge first." });
      }
      await changeTipState(tx, result, { status: "archived", mergedIntoId: null }, { type: "reverted", actor, note: `Merge ${proposal.id} reverted` });
    }
    for (const state of prior) {
      const tip = await tx.tip.findUniqueOrThrow({ where: { id: state.id } });
      await changeTipState(tx, tip, { status: state.status, mergedIntoId: state.mergedIntoId }, { type: "restored", actor, note: `Proposal ${proposal.id} reverted` });
    }
    if (proposal.kind === "keep") {
      await tx.tipPairDecision.updateMany({ where: { projectId: proposal.projectId, proposalId: proposal.id }, data: { decision: "reverted" } });
    }
    return tx.mergeProposal.update({ where: { id }, data: { status: "reverted", decidedAt: new Date(), decidedBy: actor, decisionNote: note ?? null } });
  });
}

/** Locks the proposal in its expected status (a second reviewer's decision is refused). */
async function claimProposal(tx: Tx, id: string, expected: "proposed", verb: string): Promise<MergeProposal> {
  const proposal = await tx.mergeProposal.findUnique({ where: { id } });
  if (!proposal) throw new AppError("NOT_FOUND", { userMessage: "That proposal does not exist." });
  const { count } = await tx.mergeProposal.updateMany({ where: { id, status: expected }, data: { decidedAt: new Date() } });
  if (count === 0) {
    throw new AppError("CONFLICT", { userMessage: `Cannot ${verb}: the proposal is already ${proposal.status}${proposal.decidedBy ? ` (by ${proposal.decidedBy})` : ""}.` });
  }
  return proposal;
}

/** The proposal's tips, each still proposed or approved — a merged or rejected tip cannot be merged again. */
async function loadLiveTips(tx: Tx, proposal: MergeProposal) {
  const tips = await tx.tip.findMany({ where: { id: { in: proposal.sourceTipIds } } });
  const stale = proposal.sourceTipIds.filter((tipId) => !tips.some((tip) => tip.id === tipId && (tip.status === "proposed" || tip.status === "approved")));
  if (stale.length > 0) {
    throw new AppError("CONFLICT", { userMessage: `Tips changed since the proposal was made (no longer proposed or approved): ${stale.join(", ")}. Re-run consolidation.` });
  }
  return proposal.sourceTipIds.map((tipId) => tips.find((tip) => tip.id === tipId)!);
}

async function createMergedTip(tx: Tx, proposal: MergeProposal, tip: ProposedTip, actor: string): Promise<string> {
  const sources = await tx.tip.findMany({ where: { id: { in: proposal.sourceTipIds } }, include: { sources: true } });
  const cluster = proposal.clusterId ? await tx.cluster.findUnique({ where: { id: proposal.clusterId }, select: { canonicalDescription: true } }) : null;
  const seen = new Set<string>();
  const provenance = sources.flatMap((source) => source.sources).filter((range) => {
    const key = `${range.trajectoryId}:${range.stepStart}:${range.stepEnd}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const allSubtask = sources.every((source) => source.granularity === "subtask");
  const created = await tx.tip.create({
    data: {
      projectId: proposal.projectId,
      ...tip,
      granularity: allSubtask ? "subtask" : "task",
      indexDescription: cluster?.canonicalDescription ?? sources[0]!.indexDescription,
      sourceOutcome: commonValue(sources.map((source) => source.sourceOutcome)),
      status: "approved",
      origin: "merge",
      flags: [],
      clusterId: proposal.clusterId,
      updatedBy: actor,
      sources: { create: provenance.map(({ trajectoryId, stepStart, stepEnd, outcomeLabel }) => ({ trajectoryId, stepStart, stepEnd, outcomeLabel })) },
      events: { create: [{ type: "created_by_merge", actor, after: { status: "approved", mergedFrom: proposal.sourceTipIds }, note: `Proposal ${proposal.id}` }] },
    },
    select: { id: true },
  });
  return created.id;
}

async function changeTipState(
  tx: Tx,
  tip: { id: string; status: TipStatus; mergedIntoId: string | null },
  next: { status: TipStatus; mergedIntoId: string | null },
  event: { type: string; actor: string; note: string },
): Promise<void> {
  await tx.tip.update({ where: { id: tip.id }, data: { ...next, version: { increment: 1 }, updatedBy: event.actor } });
  await tx.tipEvent.create({
    data: { tipId: tip.id, type: event.type, actor: event.actor, note: event.note, before: { status: tip.status, mergedIntoId: tip.mergedIntoId }, after: next },
  });
}

async function rememberDistinct(tx: Tx, proposal: MergeProposal, actor: string): Promise<void> {
  for (const [a, b] of pairsOf(proposal.sourceTipIds)) {
    const [tipAId, tipBId] = orderedPair(a, b);
    await tx.tipPairDecision.upsert({
      where: { projectId_tipAId_tipBId: { projectId: proposal.projectId, tipAId, tipBId } },
      create: { projectId: proposal.projectId, tipAId, tipBId, decision: "distinct", actor, proposalId: proposal.id },
      update: { decision: "distinct", actor, proposalId: proposal.id },
    });
  }
}

function commonValue<T>(values: T[]): T | null {
  return values.every((value) => value === values[0]) ? (values[0] ?? null) : null;
}
