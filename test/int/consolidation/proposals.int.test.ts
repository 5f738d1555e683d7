// Consolidation proposals are decisions a person takes and can take back: accepting a merge keeps
// the sources (merged, linked), the new tip carries the union of their provenance, a revert
// restores the exact prior state, and "not duplicates" is remembered.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getProposalDetail } from "@/lib/db/proposal-queries";
import { acceptProposal, listDistinctPairs, rejectProposal, revertProposal, saveProposals, type NewProposal } from "@/lib/db/proposals";
import { pairKey, type ProposedTip } from "@/lib/consolidation/proposal";
import { createProject, createTip, createTrajectory } from "../../builders";

const MERGED: ProposedTip = {
  category: "recovery",
  content: "When checkout fails with 422 'payment method required', fetch the saved payment methods and retry with payment_method_id.",
  purpose: "Checkout needs a saved payment method.",
  steps: ["Call get_payment_methods()", "Retry checkout with payment_method_id"],
  trigger: "Checkout fails with 422",
  negativeExample: null,
  application: "shop",
  taskCategory: null,
  priority: "high",
};

async function setup() {
  const db = getDb();
  const project = await createProject();
  const [one, two] = [await createTrajectory(project.id), await createTrajectory(project.id)];
  const approved = await createTip(project.id, { status: "approved", category: "recovery", content: "On 422 at checkout, get the payment methods and retry.", application: "shop" });
  const proposed = await createTip(project.id, { status: "proposed", category: "recovery", content: "If checkout says payment method required, list payment methods then retry.", application: "shop" });
  await db.tipSource.createMany({
    data: [
      { tipId: approved.id, trajectoryId: one!.id, stepStart: 2, stepEnd: 5, outcomeLabel: "success" },
      { tipId: proposed.id, trajectoryId: two!.id, stepStart: 0, stepEnd: 3, outcomeLabel: "failure" },
      { tipId: proposed.id, trajectoryId: one!.id, stepStart: 2, stepEnd: 5, outcomeLabel: "success" },
    ],
  });
  const propose = async (proposal: Partial<NewProposal> = {}) => {
    const [id] = await saveProposals({
      projectId: project.id,
      runId: null,
      proposals: [{ kind: "merge", origin: "offline", clusterId: null, sourceTipIds: [approved.id, proposed.id], proposedTip: MERGED, rationale: "same advice", ...proposal }],
    });
    return id;
  };
  return { db, project, trajectories: [one!, two!], approved, proposed, propose };
}

describe("consolidation proposals", () => {
  it("accepting a merge keeps the sources as merged and gives the new tip the union of provenance; revert restores the prior state", async () => {
    const { db, approved, proposed, propose, trajectories } = await setup();
    const id = (await propose())!;
    const accepted = await acceptProposal({ id, actor: "alice" });
    expect(accepted.status).toBe("accepted");
    const result = await db.tip.findUniqueOrThrow({ where: { id: accepted.resultTipId! }, include: { sources: true, events: true } });
    expect(result).toMatchObject({ status: "approved", origin: "merge", content: MERGED.content, application: "shop" });
    expect(result.sources.map((s) => `${s.trajectoryId === trajectories[0]!.id ? "one" : "two"}:${s.stepStart}-${s.stepEnd}`).sort()).toEqual(["one:2-5", "two:0-3"]);
    expect(result.events.map((e) => e.type)).toEqual(["created_by_merge"]);
    for (const source of [approved, proposed]) {
      const tip = await db.tip.findUniqueOrThrow({ where: { id: source.id }, include: { events: true } });
      expect(tip).toMatchObject({ status: "merged", mergedIntoId: result.id, version: source.version + 1 });
      expect(tip.events.map((e) => e.type)).toContain("merged");
    }

    const reverted = await revertProposal({ id, actor: "bob", note: "too broad" });
    expect(reverted.status).toBe("reverted");
    expect(await db.tip.findUniqueOrThrow({ where: { id: approved.id } })).toMatchObject({ status: "approved", mergedIntoId: null });
    expect(await db.tip.findUniqueOrThrow({ where: { id: proposed.id } })).toMatchObject({ status: "proposed", mergedIntoId: null });
    expect(await db.tip.findUniqueOrThrow({ where: { id: result.id } })).toMatchObject({ status: "archived" });
    await expect(revertProposal({ id, actor: "bob" })).rejects.toThrow(/only an accepted proposal/i);
  });

  it("an edited accept creates the reviewer's version and is recorded as overridden", async () => {
    const { db, propose } = await setup();
    const id = (await propose())!;
    const accepted = await acceptProposal({ id, actor: "alice", edited: { ...MERGED, content: "At checkout, a 422 'payment method required' means: get payment methods, then retry with one." } });
    expect(accepted.status).toBe("overridden");
    expect((await db.tip.findUniqueOrThrow({ where: { id: accepted.resultTipId! } })).content).toMatch(/^At checkout/);
  });

  it("rejecting a merge remembers the pair as not duplicates, and the same proposal is never made again", async () => {
    const { project, approved, proposed, propose } = await setup();
    const id = (await propose())!;
    await rejectProposal({ id, actor: "alice", note: "different apps" });
    expect((await listDistinctPairs({ projectId: project.id })).has(pairKey(approved.id, proposed.id))).toBe(true);
    expect(await propose()).toBeUndefined();
  });

  it("a decided proposal cannot be decided again, and a merge of a tip that changed meanwhile is refused", async () => {
    const { db, proposed, propose, approved } = await setup();
    const id = (await propose())!;
    await acceptProposal({ id, actor: "alice" });
    await expect(acceptProposal({ id, actor: "bob" })).rejects.toThrow(/already accepted \(by alice\)/);
    await revertProposal({ id, actor: "alice" });

    const other = (await propose({ kind: "merge", sourceTipIds: [proposed.id, approved.id], rationale: "again" }))!;
    expect(other).toBeUndefined(); // same kind + same tips = same fingerprint
    const third = await createTip(approved.projectId, { status: "proposed", category: "recovery" });
    const withThird = (await propose({ sourceTipIds: [approved.id, third.id] }))!;
    await db.tip.update({ where: { id: third.id }, data: { status: "rejected" } });
    await expect(acceptProposal({ id: withThird, actor: "alice" })).rejects.toThrow(/no longer proposed or approved/);
    expect((await getProposalDetail({ id: withThird }))!.status).toBe("proposed");
  });

  it("accepting a conflict archives the loser linked to the winner with the rule; revert restores it", async () => {
    const { db, approved, proposed, propose } = await setup();
    const id = (await propose({ kind: "conflict", proposedTip: {}, rule: "success-over-failure", rationale: "the winner comes from a successful run" }))!;
    const detail = await getProposalDetail({ id });
    expect(detail!.sourceTips.map((tip) => tip.id)).toEqual([approved.id, proposed.id]);
    await acceptProposal({ id, actor: "alice" });
    const loser = await db.tip.findUniqueOrThrow({ where: { id: proposed.id }, include: { events: true } });
    expect(loser).toMatchObject({ status: "archived", mergedIntoId: approved.id });
    expect(loser.events.find((e) => e.type === "conflict_lost")!.note).toMatch(/success-over-failure/);
    expect(await db.tip.findUniqueOrThrow({ where: { id: approved.id } })).toMatchObject({ status: "approved" });
    await revertProposal({ id, actor: "alice" });
    expect(await db.tip.findUniqueOrThrow({ where: { id: proposed.id } })).toMatchObject({ status: "proposed", mergedIntoId: null });
  });

  it("accepting keep-separate remembers the pairs; reverting it forgets them", async () => {
    const { project, approved, proposed, propose } = await setup();
    const id = (await propose({ kind: "keep", proposedTip: {} }))!;
    await acceptProposal({ id, actor: "alice" });
    expect((await listDistinctPairs({ projectId: project.id })).has(pairKey(approved.id, proposed.id))).toBe(true);
    await revertProposal({ id, actor: "alice" });
    expect((await listDistinctPairs({ projectId: project.id })).size).toBe(0);
  });
});
