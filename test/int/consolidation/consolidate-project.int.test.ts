// Consolidation end to end on the real database: offline (deterministic generalization,
// near-duplicate merges only) and LLM mode through Settings → real SDK → fake OpenAI server
// (generalization, merge with a conflict decided by the precedence rules, faults). Approved tips
// are never changed by a run; only accepting a proposal changes them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consolidateProject } from "@/lib/consolidation/consolidate-project";
import { assignTipsToClusters } from "@/lib/consolidation/assign-new-tips";
import { previewClustering } from "@/lib/consolidation/preview-clusters";
import { getDb } from "@/lib/db/client";
import { rejectProposal, revertProposal } from "@/lib/db/proposals";
import { acceptConsolidationProposal } from "@/lib/consolidation/decide-proposal";
import { createLocalEmbeddings } from "@/lib/embeddings/local-embeddings";
import { approveTip } from "@/lib/review/review-tip";
import { getConfiguredLlmClient, saveLlmSettings } from "@/lib/settings/llm-settings";
import { startFakeOpenAi, type FakeOpenAi } from "../../fake-openai";
import { createProject, createTip, createTrajectory } from "../../builders";
import { startOwnDatabase, type OwnDatabase } from "../../support/own-database";

let database: OwnDatabase;
let fake: FakeOpenAi;
const embedder = createLocalEmbeddings();
const deps = { embedder, llm: () => getConfiguredLlmClient() };

beforeAll(async () => {
  // Settings are instance-wide, so this file gets a database of its own.
  database = await startOwnDatabase();
  fake = await startFakeOpenAi();
  await saveLlmSettings({ baseURL: fake.url, apiKey: "test-key", defaultModel: "gpt-4.1-mini" });
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await database?.stop();
});

const VENMO_RECOVERY =
  "When show_api_doc fails with 422 'No APIs with name <api_name> found', call show_api_descriptions for the app, then retry show_api_doc with a listed api_name.";

/** Two Venmo payment runs (one succeeded, one failed) and an unrelated Spotify run, with tips. */
async function seedProject({ variant = "", ...options }: { autoAcceptMerges?: boolean; variant?: string } = {}) {
  const project = await createProject(options);
  const success = await createTrajectory(project.id, { taskDescription: "Send $45 to Jennifer via Venmo for dinner", outcomeLabel: "success" });
  const failure = await createTrajectory(project.id, { taskDescription: "Transfer 12 dollars to Bob using Venmo", outcomeLabel: "failure" });
  const spotify = await createTrajectory(project.id, { taskDescription: "Create a Spotify playlist of my liked songs", outcomeLabel: "success" });
  const tip = async (trajectory: { id: string; taskDescription: string; outcomeLabel: string }, fields: Parameters<typeof createTip>[1]) => {
    // Same tips in another project would be answered from the LLM cache; a variant makes them new.
    const created = await createTip(project.id, { indexDescription: trajectory.taskDescription, application: "venmo", ...fields, content: `${fields?.content ?? ""}${variant}` });
    await getDb().tipSource.create({ data: { tipId: created.id, trajectoryId: trajectory.id, stepStart: 0, stepEnd: 3, outcomeLabel: trajectory.outcomeLabel as "success" } });
    return created;
  };
  const approved = await tip(success, { status: "approved", category: "recovery", priority: "high", content: VENMO_RECOVERY });
  const duplicate = await tip(failure, { category: "recovery", priority: "medium", content: VENMO_RECOVERY.replace("When ", "If ") });
  const speculative = await tip(failure, {
    category: "strategy",
    priority: "medium",
    content: "Never call show_api_doc before reading the app's whole API list; guess api names from the task instead.",
  });
  const unrelated = await tip(spotify, { category: "optimization", application: "spotify", content: "Use add_songs_to_playlist with all song ids at once instead of one call per song." });
  return { project, approved, duplicate, speculative, unrelated, trajectories: { success, failure, spotify } };
}

describe("offline consolidation", () => {
  it("clusters the two Venmo payment descriptions, proposes merging the near-duplicates, and changes no tip", async () => {
    const seeded = await seedProject();
    const result = await consolidateProject({ projectId: seeded.project.id, method: "offline", actor: "test" }, deps);
    const venmo = result.clusters.find((c) => c.tipIds.includes(seeded.approved.id))!;
    expect(venmo.tipIds.sort()).toEqual([seeded.approved.id, seeded.duplicate.id, seeded.speculative.id].sort());
    expect(venmo.canonicalDescription).toMatch(/send <amount> to <entity> via venmo/);
    expect(result.clusters.find((c) => c.tipIds.includes(seeded.unrelated.id))!.size).toBe(1);
    expect(result.proposals).toEqual([{ id: expect.any(String), kind: "merge", tipIds: [seeded.approved.id, seeded.duplicate.id].sort() }].map((p) => ({ ...p, tipIds: expect.arrayContaining(p.tipIds) })));
    expect(result.llmCalls).toBe(0);
    const statuses = await getDb().tip.findMany({ where: { projectId: seeded.project.id }, select: { status: true, version: true } });
    expect(statuses.every((t) => t.version === 1)).toBe(true);
    expect(await getDb().tip.findUniqueOrThrow({ where: { id: seeded.approved.id } })).toMatchObject({ clusterId: venmo.id, status: "approved" });

    // A re-run proposes nothing new; a rejected pair is never proposed again.
    const again = await consolidateProject({ projectId: seeded.project.id, method: "offline", actor: "test" }, deps);
    expect(again.proposals).toEqual([]);
    await rejectProposal({ id: result.proposals[0]!.id, actor: "alice", note: "not the same" });
    const run = await getDb().clusteringRun.findUniqueOrThrow({ where: { id: again.runId } });
    expect(run).toMatchObject({ status: "succeeded", method: "offline", threshold: 0.85, linkage: "average" });
    const oldClusters = await getDb().cluster.count({ where: { projectId: seeded.project.id, state: "archived" } });
    expect(oldClusters).toBe(result.clusters.length);
  });

  it("auto-accepts merges of unreviewed proposals only when the project opts in", async () => {
    const seeded = await seedProject({ autoAcceptMerges: true });
    await getDb().tip.update({ where: { id: seeded.approved.id }, data: { status: "proposed" } });
    const result = await consolidateProject({ projectId: seeded.project.id, method: "offline", actor: "test" }, deps);
    expect(result.autoAccepted).toBe(1);
    const sources = await getDb().tip.findMany({ where: { id: { in: [seeded.approved.id, seeded.duplicate.id] } } });
    expect(sources.map((t) => t.status)).toEqual(["merged", "merged"]);

    const guarded = await seedProject({ autoAcceptMerges: true }); // the approved source was reviewed: no auto-accept
    expect((await consolidateProject({ projectId: guarded.project.id, method: "offline", actor: "test" }, deps)).autoAccepted).toBe(0);
  });

  it("previews how a lower threshold joins clusters, and a newly approved tip joins its cluster incrementally", async () => {
    const seeded = await seedProject();
    await consolidateProject({ projectId: seeded.project.id, method: "offline", actor: "test" }, deps);
    const loose = await previewClustering({ projectId: seeded.project.id, threshold: 0.01, linkage: "single" }, { embedder });
    expect(loose.current.clusters).toBe(2);
    expect(loose.preview.clusters).toBe(1);
    expect(loose.joins).toHaveLength(1);
    const strict = await previewClustering({ projectId: seeded.project.id, threshold: 0.999, linkage: "average" }, { embedder });
    expect(strict.splits.map((s) => s.into)).toEqual([2]);

    const later = await createTip(seeded.project.id, { status: "approved", indexDescription: "Send 30 dollars to Maria via Venmo", application: "venmo" });
    const [assignment] = await assignTipsToClusters({ projectId: seeded.project.id, tipIds: [later.id] }, { embedder });
    const venmoCluster = (await getDb().tip.findUniqueOrThrow({ where: { id: seeded.approved.id } })).clusterId;
    expect(assignment).toMatchObject({ tipId: later.id, clusterId: venmoCluster });
    expect((await getDb().cluster.findUniqueOrThrow({ where: { id: venmoCluster! } })).size).toBe(4);

    // Approving in the review queue places the tip the same way; an unrelated one stays unclustered.
    const reviewed = await createTip(seeded.project.id, { status: "proposed", indexDescription: "Send $8 to Tom with Venmo", application: "venmo" });
    const loner = await createTip(seeded.project.id, { status: "proposed", indexDescription: "Archive old emails in Gmail", application: "gmail" });
    await approveTip({ id: reviewed.id, version: reviewed.version, actor: "alice" }, { embedder });
    await approveTip({ id: loner.id, version: loner.version, actor: "alice" }, { embedder });
    expect((await getDb().tip.findUniqueOrThrow({ where: { id: reviewed.id } })).clusterId).toBe(venmoCluster);
    expect((await getDb().tip.findUniqueOrThrow({ where: { id: loner.id } })).clusterId).toBeNull();
  });
});

describe("LLM consolidation through the fake OpenAI server", () => {
  it("generalizes, merges with the union of provenance, resolves the conflict by the success-over-failure rule, and reverts", async () => {
    const seeded = await seedProject();
    fake.script(
      "consolidation.generalize",
      { status: 429, headers: { "retry-after-ms": "10" } },
      {
        json: {
          descriptions: [
            { key: "d1", generalized: "send money to a contact via venmo" },
            { key: "d2", generalized: "send money to a contact via venmo" },
            { key: "d3", generalized: "create a playlist from liked songs" },
          ],
        },
      },
    );
    fake.script("consolidation.merge", {
      json: {
        canonicalDescription: "send money to a contact via venmo",
        mergedTips: [
          {
            sourceTipIds: ["T1", "T2"],
            content: "When show_api_doc fails with 422 'No APIs with name … found', list the app's APIs with show_api_descriptions and retry with a listed name.",
            purpose: "Guessed API names fail; the listed names work.",
            steps: ["Call show_api_descriptions(app_name)", "Pick the api_name from the list", "Retry show_api_doc"],
            trigger: "show_api_doc returns 422 for an API name",
            negativeExample: "Do not guess API names again.",
            category: "recovery",
            priority: "low",
            application: "venmo",
            rationale: "T1 and T2 give the same recovery.",
          },
        ],
        conflicts: [{ tipIds: ["T1", "T3"], preferredTipId: "T3", reason: "T3 avoids the error entirely." }],
        keepSeparate: [],
      },
    });
    const result = await consolidateProject({ projectId: seeded.project.id, method: "llm", actor: "test" }, deps);
    expect(fake.requestsFor("consolidation.generalize")).toHaveLength(2); // 429 retried
    expect(fake.requestsFor("consolidation.merge")).toHaveLength(1); // only the multi-tip cluster
    expect(result.llmCalls).toBe(2);
    const venmo = result.clusters.find((c) => c.tipIds.includes(seeded.approved.id))!;
    expect(venmo.canonicalDescription).toBe("send money to a contact via venmo");

    const merge = result.proposals.find((p) => p.kind === "merge")!;
    const conflict = result.proposals.find((p) => p.kind === "conflict")!;
    // The success-sourced recovery tip beats the failure-sourced prevention, whatever the model preferred.
    expect(conflict).toMatchObject({ tipIds: [seeded.approved.id, seeded.speculative.id], rule: "success-over-failure" });
    expect(await getDb().tip.findUniqueOrThrow({ where: { id: seeded.approved.id } })).toMatchObject({ status: "approved", version: 1 });

    const accepted = await acceptConsolidationProposal({ id: merge.id, actor: "alice" });
    // The merged tip is retrievable at once: indexed by the cluster's canonical description.
    expect(await getDb().embedding.count({ where: { ownerType: "tip_index", ownerId: accepted.resultTipId! } })).toBe(1);
    const mergedTip = await getDb().tip.findUniqueOrThrow({ where: { id: accepted.resultTipId! }, include: { sources: true } });
    // Priority follows the documented rule (most severe source), not the model's "low".
    expect(mergedTip).toMatchObject({ status: "approved", origin: "merge", priority: "high", indexDescription: "send money to a contact via venmo" });
    expect(mergedTip.sources.map((s) => s.trajectoryId).sort()).toEqual([seeded.trajectories.success.id, seeded.trajectories.failure.id].sort());
    await revertProposal({ id: merge.id, actor: "alice" });
    const restored = await getDb().tip.findMany({ where: { id: { in: [seeded.approved.id, seeded.duplicate.id] } }, orderBy: { createdAt: "asc" } });
    expect(restored.map((t) => [t.status, t.mergedIntoId])).toEqual([["approved", null], ["proposed", null]]);

    // A re-run is served from the LLM cache: no new request, no duplicate proposal.
    const before = fake.requests.length;
    const rerun = await consolidateProject({ projectId: seeded.project.id, method: "llm", actor: "test" }, deps);
    expect(fake.requests.length).toBe(before);
    expect(rerun.proposals).toEqual([]);
  });

  it("a merge answer that violates the schema is repaired; a permanently failing cluster is reported while the others complete", async () => {
    const seeded = await seedProject({ variant: " (repair case)" });
    fake.script("consolidation.generalize", { json: { descriptions: [{ key: "d1", generalized: "pay a friend via venmo" }, { key: "d2", generalized: "pay a friend via venmo" }, { key: "d3", generalized: "build a playlist" }] } });
    fake.script(
      "consolidation.merge",
      { json: { canonicalDescription: "pay a friend via venmo", mergedTips: "none" } },
      { json: { canonicalDescription: "pay a friend via venmo", mergedTips: [], conflicts: [], keepSeparate: [{ tipIds: ["T1", "T3"], reason: "different situations" }] } },
    );
    const result = await consolidateProject({ projectId: seeded.project.id, method: "llm", actor: "test" }, deps);
    expect(result.proposals.map((p) => p.kind)).toEqual(["keep"]);

    const failing = await seedProject({ variant: " (failing case)" });
    await getDb().tip.updateMany({ where: { projectId: failing.project.id }, data: { indexDescription: "Pay Carol 5 dollars with Venmo" } });
    fake.script("consolidation.generalize", { json: { descriptions: [{ key: "d1", generalized: "pay someone via venmo" }] } });
    fake.script("consolidation.merge", { status: 500, repeat: true });
    await expect(consolidateProject({ projectId: failing.project.id, method: "llm", actor: "test" }, deps)).rejects.toThrow();
    const run = await getDb().clusteringRun.findFirstOrThrow({ where: { projectId: failing.project.id }, orderBy: { createdAt: "desc" } });
    expect(run.status).toBe("failed");
    expect(run.error).toBeTruthy();

    // Two clusters, one of which the model keeps failing on: it is reported, the other gets its proposals.
    fake.reset(); // drop the repeating 500 above
    const partial = await seedProject({ variant: " (partial case)" });
    for (const content of ["Add every liked song with one add_songs_to_playlist call (partial case).", "Create the playlist once, then add all songs in one add_songs_to_playlist call (partial case)."]) {
      await createTip(partial.project.id, { category: "optimization", application: "spotify", indexDescription: partial.trajectories.spotify.taskDescription, content });
    }
    fake.script("consolidation.generalize", { json: { descriptions: [{ key: "d1", generalized: "pay via venmo" }, { key: "d2", generalized: "pay via venmo" }, { key: "d3", generalized: "make a playlist" }] } });
    fake.script(
      "consolidation.merge",
      { status: 500, repeat: true, inputIncludes: "add_songs_to_playlist" },
      { json: { canonicalDescription: "pay via venmo", mergedTips: [], conflicts: [], keepSeparate: [{ tipIds: ["T1", "T3"], reason: "different advice" }] }, inputIncludes: "show_api_doc" },
    );
    const partialResult = await consolidateProject({ projectId: partial.project.id, method: "llm", actor: "test" }, deps);
    expect(partialResult.proposals.map((p) => p.kind)).toEqual(["keep"]);
    expect(partialResult.issues.map((issue) => issue.message)).toEqual([expect.stringMatching(/^Cluster "[^"]*playlist[^"]*" was not merged: .*500/)]);
    const partialRun = await getDb().clusteringRun.findUniqueOrThrow({ where: { id: partialResult.runId } });
    expect(partialRun.status).toBe("succeeded");
    fake.reset();
  });
});
