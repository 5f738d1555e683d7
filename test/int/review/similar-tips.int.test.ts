// Near duplicates and possible conflicts by content embedding: flagged when proposed (against the
// project's tips and the batch's earlier ones), recorded on the "proposed" event, never
// auto-approved, and listed with their similarity in the detail pane; edits re-embed the tip.
import { describe, expect, it } from "vitest";
import { loadTipDetail } from "@/app/review/_components/load-tip-detail";
import { getDb } from "@/lib/db/client";
import { saveTipProposals, type TipProposalInput } from "@/lib/db/tips";
import { getEmbeddingVectors } from "@/lib/db/vectors";
import { textChecksum } from "@/lib/embeddings";
import { embedText, LOCAL_EMBEDDING_DIMENSION, LOCAL_EMBEDDING_MODEL } from "@/lib/embeddings/local-embeddings";
import { findSimilarApprovedTips } from "@/lib/review/find-similar-tips";
import { approveTip, editTip, rejectTip, undoLastDecision } from "@/lib/review/review-tip";
import { cosineSimilarity, NEAR_DUPLICATE_SIMILARITY, tipContentText } from "@/lib/review/similar-tips";
import { TIP_CONTENT_OWNER } from "@/lib/review/tip-embeddings";
import { createProject, createTip, createTrajectory } from "../../builders";

const local = { model: LOCAL_EMBEDDING_MODEL, dimension: LOCAL_EMBEDDING_DIMENSION };

// What the offline extractor proposes for the same 422 in two runs: one looked up a payment
// method only, the other an address too (cosine 0.93 with the local embedder).
const CHECKOUT_422 = {
  content: 'When checkout fails with "422: payment method required", call get_payment_methods, then retry checkout passing payment_method_id.',
  purpose: "checkout failed this way in the source run and worked once the agent called get_payment_methods and retried it passing payment_method_id; fixing the cause first saves failed calls.",
};
const CHECKOUT_422_REWORDED = {
  content: 'When checkout fails with "422: payment method required", call get_payment_methods and get_addresses, then retry checkout passing payment_method_id and address_id.',
  purpose:
    "checkout failed this way in the source run and worked once the agent called get_payment_methods and get_addresses and retried it passing payment_method_id and address_id; fixing the cause first saves failed calls.",
};
const VENMO_401 = {
  content: 'When apis.venmo.create_payment_request fails with "401: Not authorized for <user_email>", call apis.venmo.login, then retry apis.venmo.create_payment_request passing access_token.',
  purpose: "apis.venmo.create_payment_request failed this way in the source run and worked once the agent called apis.venmo.login and retried it passing access_token.",
  application: "venmo",
};

function proposal(overrides: Partial<TipProposalInput> = {}): TipProposalInput {
  return {
    category: "recovery",
    ...CHECKOUT_422,
    steps: ["Recognize the 422 error from checkout.", "Call get_payment_methods.", "Retry checkout passing payment_method_id."],
    trigger: 'When checkout fails with an error like "422: payment method required"',
    negativeExample: "Do not retry checkout unchanged.",
    application: "shop",
    taskCategory: null,
    priority: "medium",
    granularity: "task",
    provenance: [{ stepStart: 0, stepEnd: 2 }],
    source: "heuristic",
    ...overrides,
  };
}

async function setup(autoApprove = false) {
  const project = await createProject({ autoApprove });
  // Each save is another run's extraction: a new trajectory, so fingerprints never collide.
  const save = async (proposals: TipProposalInput[]) => {
    const trajectory = await createTrajectory(project.id);
    return saveTipProposals({ projectId: project.id, trajectoryId: trajectory.id, extractionId: null, taskDescription: trajectory.taskDescription, outcomeLabel: "success", proposals, actor: "extractor" });
  };
  const saveOne = async (overrides: Partial<TipProposalInput> = {}) => (await save([proposal(overrides)])).created[0]!;
  return { project, save, saveOne };
}

const loadTip = (id: string) => getDb().tip.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { createdAt: "asc" } } } });

describe("the quality gate on proposals", () => {
  it("flags a re-proposed rewording of a tip as a near duplicate and records which tip it repeats", async () => {
    const { saveOne } = await setup();
    const original = await saveOne();
    const reworded = await saveOne(CHECKOUT_422_REWORDED);
    const tip = await loadTip(reworded);
    expect(tip.flags).toEqual(["near_duplicate"]);
    const expected = cosineSimilarity(embedText(tipContentText(CHECKOUT_422)), embedText(tipContentText(CHECKOUT_422_REWORDED)));
    expect(expected).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY);
    expect(tip.events[0]).toMatchObject({ type: "proposed", after: { status: "proposed", flags: ["near_duplicate"], similarTo: [{ id: original, label: "likely duplicate" }] } });
    const [recorded] = (tip.events[0]!.after as { similarTo: { similarity: number }[] }).similarTo;
    expect(recorded!.similarity).toBeCloseTo(expected, 3);
    // The pane shows it too, with the tip as it is now.
    const detail = await loadTipDetail({ id: reworded });
    expect(detail!.flaggedAgainst).toEqual([expect.objectContaining({ id: original, status: "proposed", label: "likely duplicate", similarity: expect.closeTo(expected, 3) })]);
  });

  it("leaves a different tip unflagged, and stores every new tip's vector for later batches", async () => {
    const { saveOne } = await setup();
    const checkout = await saveOne();
    const venmo = await saveOne(VENMO_401);
    const tip = await loadTip(venmo);
    expect(tip.flags).toEqual([]);
    expect(tip.events[0]!.after).toEqual({ status: "proposed", flags: [] });
    const stored = await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [checkout, venmo], ...local });
    expect(stored.get(venmo)).toMatchObject({ checksum: textChecksum({ ...local, text: tipContentText(VENMO_401) }) });
    expect(stored.get(checkout)!.vector[0]).toBeCloseTo(embedText(tipContentText(CHECKOUT_422))[0]!, 5);
  });

  it("compares with the batch's earlier proposals, and ignores rejected tips", async () => {
    const { save, saveOne } = await setup();
    const { created } = await save([proposal(), proposal(CHECKOUT_422_REWORDED)]);
    const [first, second] = await Promise.all(created.map(loadTip));
    expect(first!.flags).toEqual([]);
    expect(second!.flags).toEqual(["near_duplicate"]);
    expect(second!.events[0]!.after).toMatchObject({ similarTo: [{ id: first!.id }] });

    await rejectTip({ id: first!.id, version: 1, actor: "ana" });
    await rejectTip({ id: second!.id, version: 1, actor: "ana" });
    expect((await loadTip(await saveOne())).flags).toEqual([]);
  });

  it("keeps the exact-duplicate flag for the same advice from another run", async () => {
    const { saveOne } = await setup();
    const original = await saveOne();
    const again = await loadTip(await saveOne({ purpose: "Seen again in another run." }));
    expect(again.flags).toEqual(["duplicate"]);
    expect(again.events[0]!.after).toMatchObject({ similarTo: [{ id: original, label: "likely duplicate" }] });
  });

  it("flags a close tip that negates the other's action as a possible conflict", async () => {
    const { saveOne } = await setup();
    const retry = await saveOne({ content: "When checkout fails with 422, retry checkout once unchanged: the error is often transient.", purpose: "Transient errors clear on retry." });
    const never = await loadTip(await saveOne({ content: "When checkout fails with 422, never retry checkout unchanged; call get_payment_methods first.", purpose: "The error means a payment method is missing." }));
    expect(never.flags).toEqual(["possible_conflict"]);
    expect(never.events[0]!.after).toMatchObject({ similarTo: [{ id: retry, label: "possible conflict" }] });
  });

  it("auto-approve never takes a near duplicate or a possible conflict", async () => {
    const { saveOne } = await setup(true);
    const first = await loadTip(await saveOne());
    expect(first.status).toBe("approved");
    const reworded = await loadTip(await saveOne(CHECKOUT_422_REWORDED));
    expect(reworded).toMatchObject({ status: "proposed", flags: ["near_duplicate"] });
    expect(reworded.events.map((event) => event.type)).toEqual(["proposed"]);
    const never = await loadTip(await saveOne({ content: "When checkout fails with 422, never retry checkout; call get_payment_methods and pass payment_method_id.", purpose: "A retry alone repeats the 422." }));
    expect(never).toMatchObject({ status: "proposed", flags: ["possible_conflict"] });
  });
});

describe("similar approved tips in the detail pane", () => {
  it("lists the approved neighbours by similarity with their scores and labels, nothing else", async () => {
    const { project, saveOne } = await setup();
    const reviewed = await saveOne();
    const close = await saveOne(CHECKOUT_422_REWORDED);
    const related = await saveOne({ content: 'When checkout fails with "422: payment method required", call list_saved_cards, then retry checkout passing card_id.', purpose: "A saved card is needed." });
    const unrelated = await saveOne(VENMO_401);
    const notApproved = await saveOne({ content: 'When checkout fails with "422: payment method required", call get_payment_methods, then retry checkout passing the method id.' });
    for (const id of [close, related, unrelated]) await approveTip({ id, version: 1, actor: "ana" });

    const tip = await getDb().tip.findUniqueOrThrow({ where: { id: reviewed } });
    const similar = await findSimilarApprovedTips({ tip });
    expect(similar.map((row) => [row.id, row.label])).toEqual([
      [close, "likely duplicate"],
      [related, "related"],
    ]);
    expect(similar[0]!.similarity).toBeCloseTo(cosineSimilarity(embedText(tipContentText(CHECKOUT_422)), embedText(tipContentText(CHECKOUT_422_REWORDED))), 5);
    expect(similar[0]!.similarity).toBeGreaterThan(similar[1]!.similarity);
    expect(similar[1]!.similarity).toBeGreaterThanOrEqual(0.5);
    expect(similar.map((row) => row.id)).not.toContain(notApproved);

    const detail = await loadTipDetail({ id: reviewed });
    expect(detail).toMatchObject({ projectId: project.id, similar: [{ id: close, label: "likely duplicate", status: "approved" }, { id: related, label: "related" }] });
  });

  it("embeds a tip saved without a vector on the fly", async () => {
    const { project, saveOne } = await setup();
    const approved = await saveOne();
    await approveTip({ id: approved, version: 1, actor: "ana" });
    const old = await createTip(project.id, { category: "recovery", ...CHECKOUT_422_REWORDED });
    expect((await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [old.id], ...local })).size).toBe(0);
    expect((await findSimilarApprovedTips({ tip: old })).map((row) => row.id)).toEqual([approved]);
    expect((await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [old.id], ...local })).size).toBe(1);
  });
});

describe("editing", () => {
  it("re-embeds a tip whose content changed, so comparisons see the new text", async () => {
    const { saveOne } = await setup();
    const checkout = await saveOne();
    await approveTip({ id: checkout, version: 1, actor: "ana" });
    const venmo = await saveOne(VENMO_401);
    const before = (await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [venmo], ...local })).get(venmo)!;
    const edited = await editTip({ id: venmo, version: 1, actor: "ana", edit: { ...CHECKOUT_422_REWORDED } });
    const after = (await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [venmo], ...local })).get(venmo)!;
    expect(after.checksum).not.toBe(before.checksum);
    expect(after.checksum).toBe(textChecksum({ ...local, text: tipContentText(edited) }));
    expect(cosineSimilarity(after.vector, embedText(tipContentText(CHECKOUT_422_REWORDED)))).toBeCloseTo(1, 5);
    expect((await findSimilarApprovedTips({ tip: edited })).map((row) => [row.id, row.label])).toEqual([[checkout, "likely duplicate"]]);

    // A change that leaves content and purpose alone keeps the vector.
    await editTip({ id: venmo, version: 2, actor: "ana", edit: { priority: "high" } });
    expect((await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [venmo], ...local })).get(venmo)!.checksum).toBe(after.checksum);
  });

  it("re-embeds when undo brings the old text back", async () => {
    const { saveOne } = await setup();
    const id = await saveOne(VENMO_401);
    const original = (await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [id], ...local })).get(id)!.checksum;
    await editTip({ id, version: 1, actor: "ana", edit: { content: CHECKOUT_422.content } });
    expect((await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [id], ...local })).get(id)!.checksum).not.toBe(original);
    await undoLastDecision({ id, version: 2, actor: "ana" });
    expect((await getEmbeddingVectors({ ownerType: TIP_CONTENT_OWNER, ownerIds: [id], ...local })).get(id)!.checksum).toBe(original);
  });
});
