// The evaluation set on a seeded project (local embedder): derived tasks follow the family rule,
// hand-made ones are validated and survive re-deriving, and the τ × k grid finds the region where
// every same-family tip passes and no other does. Also the playground's server calls.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { EmbeddingClient } from "@/lib/embeddings/types";
import { isAppError } from "@/lib/errors";
import { evaluateRetrieval } from "@/lib/retrieval/evaluation/evaluate";
import { addEvaluationTask, deleteEvaluationTask, deriveEvaluationSet, listEvaluationSet, updateEvaluationTask } from "@/lib/retrieval/evaluation/evaluation-set";
import { reindexTips } from "@/lib/retrieval/index-tips";
import { previewGuidelines, runPlayground, saveRetrievalDefaults } from "@/lib/retrieval/playground";
import { getProjectRetrievalSettings } from "@/lib/retrieval/settings";
import { createProject, createTip, createTrajectory } from "../../builders";
import { embedder, noLlm } from "./seed";

// Local-hash similarities: within the Venmo family 0.47–0.72, Spotify 0.69–0.82, Amazon 0.63;
// across families at most 0.17. So τ ≤ 0.45 keeps every same-family tip and nothing else.
const RUNS = {
  venmo1: { task: "Pay my pending Venmo requests from roommates", app: "venmo", category: "payments" },
  venmo2: { task: "Approve the pending Venmo payment requests from my roommates", app: "venmo", category: "payments" },
  venmo3: { task: "Pay all pending Venmo requests sent by my friends", app: "venmo", category: "payments" },
  spotify1: { task: "Add the most played songs to a new Spotify playlist", app: "spotify", category: "playlists" },
  spotify2: { task: "Create a Spotify playlist with my most played songs", app: "spotify", category: "playlists" },
  spotify3: { task: "Make a new Spotify playlist from the songs I played most", app: "spotify", category: "playlists" },
  amazon1: { task: "Buy the cheapest wireless mouse on Amazon", app: "amazon", category: null },
  amazon2: { task: "Order the cheapest wireless keyboard on Amazon", app: "amazon", category: null },
  weather: { task: "Check tomorrow's weather in Lisbon", app: "weather", category: null },
} as const;
type Run = keyof typeof RUNS;

async function seedEvaluationProject() {
  const project = await createProject();
  const trajectories = {} as Record<Run, string>;
  const tips = {} as Record<Run, string>;
  for (const [name, run] of Object.entries(RUNS) as [Run, (typeof RUNS)[Run]][]) {
    const trajectory = await createTrajectory(project.id, { taskDescription: run.task, applications: [run.app], taskCategory: run.category });
    const tip = await createTip(project.id, { status: "approved", indexDescription: run.task, application: run.app, content: `Lesson learned on ${name}: check the ${run.app} API docs first.` });
    await getDb().tipSource.create({ data: { tipId: tip.id, trajectoryId: trajectory.id, stepStart: 0, stepEnd: 1 } });
    trajectories[name] = trajectory.id;
    tips[name] = tip.id;
  }
  // Never expected (no provenance), never similar: retrieving it would be a false positive.
  const stray = await createTip(project.id, { status: "approved", indexDescription: "Rename files in a folder by date", content: "Sort files by modification time before renaming." });
  const proposed = await createTip(project.id, { status: "proposed", indexDescription: RUNS.venmo1.task });
  await reindexTips({ projectId: project.id }, { embedder });
  return { project, trajectories, tips, stray, proposed };
}

function countingEmbedder(): EmbeddingClient & { calls: string[][] } {
  const calls: string[][] = [];
  return { model: embedder.model, dimension: embedder.dimension, calls, embed: (texts) => (calls.push(texts), embedder.embed(texts)) };
}

describe("evaluation set", () => {
  it("derives one task per trajectory whose family has other runs, expecting their tips and ignoring its own", async () => {
    const { project, trajectories, tips } = await seedEvaluationProject();
    expect(await deriveEvaluationSet({ projectId: project.id })).toEqual({ created: 8, keptEdited: 0, skipped: 1, removed: 0 });
    const set = await listEvaluationSet({ projectId: project.id });
    const venmo1 = set.find((task) => task.trajectoryId === trajectories.venmo1)!;
    expect(venmo1).toMatchObject({ task: RUNS.venmo1.task, origin: "derived", ignoredTipCount: 1 });
    expect(venmo1.expectedTips.map((tip) => tip.id).sort()).toEqual([tips.venmo2, tips.venmo3].sort());
    expect(set.find((task) => task.trajectoryId === trajectories.amazon1)!.expectedTips.map((tip) => tip.id)).toEqual([tips.amazon2]);
    expect(set.some((task) => task.trajectoryId === trajectories.weather)).toBe(false); // no other weather run: skipped
  });

  it("validates hand-made tasks, turns an edited derived task into a manual one that re-deriving keeps", async () => {
    const { project, trajectories, tips, proposed } = await seedEvaluationProject();
    const refused = await addEvaluationTask({ projectId: project.id, task: "Pay Venmo", expectedTipIds: [proposed.id] }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("INVALID_INPUT");
    const manual = await addEvaluationTask({ projectId: project.id, task: "  Pay back my roommates on Venmo  ", expectedTipIds: [tips.venmo1, tips.venmo1] });
    expect(manual).toMatchObject({ task: "Pay back my roommates on Venmo", origin: "manual", expectedTips: [{ id: tips.venmo1, status: "approved" }] });

    await deriveEvaluationSet({ projectId: project.id });
    const derived = (await listEvaluationSet({ projectId: project.id })).find((task) => task.trajectoryId === trajectories.spotify1)!;
    const edited = await updateEvaluationTask({ projectId: project.id, id: derived.id, task: derived.task, expectedTipIds: [tips.spotify2] });
    expect(edited).toMatchObject({ origin: "manual", trajectoryId: trajectories.spotify1, expectedTips: [{ id: tips.spotify2 }] });
    expect(await deriveEvaluationSet({ projectId: project.id })).toEqual({ created: 7, keptEdited: 1, skipped: 1, removed: 7 });
    expect(await listEvaluationSet({ projectId: project.id })).toHaveLength(9);

    await deleteEvaluationTask({ projectId: project.id, id: manual.id });
    const other = await createProject();
    const missing = await deleteEvaluationTask({ projectId: other.id, id: edited.id }).catch((error: unknown) => error);
    expect(isAppError(missing) && missing.code).toBe("NOT_FOUND");
    expect(await listEvaluationSet({ projectId: project.id })).toHaveLength(8);
  });
});

describe("evaluateRetrieval", () => {
  it("embeds each task once and finds the best τ just below the weakest same-family similarity", async () => {
    const { project } = await seedEvaluationProject();
    await deriveEvaluationSet({ projectId: project.id });
    const counting = countingEmbedder();
    const report = await evaluateRetrieval({ projectId: project.id }, { embedder: counting });

    expect(counting.calls).toHaveLength(1);
    expect(counting.calls[0]).toHaveLength(8);
    expect(report).toMatchObject({ tasks: 8, candidateTips: 10, unindexedTips: 0, staleExpected: 0 });
    expect(report.cells).toHaveLength(13 * 5);
    const at = (threshold: number, topK: number | null) => report.cells.find((cell) => cell.threshold === threshold && cell.topK === topK)!;
    // Expected pairs: Venmo and Spotify 3 × 2 each, Amazon 2 × 1 → 14 expected tips.
    expect(at(0.45, null)).toMatchObject({ truePositives: 14, falsePositives: 0, falseNegatives: 0, f1: 1 });
    expect(at(0.3, null).f1).toBe(1); // across families at most 0.17: nothing wrong even at the lowest τ
    // τ 0.50 loses Venmo 2 ↔ 3 (0.47) in both directions.
    expect(at(0.5, null)).toMatchObject({ truePositives: 12, falseNegatives: 2, precision: 1 });
    // k = 1 finds one of two tips in the three-run families.
    expect(at(0.45, 1)).toMatchObject({ truePositives: 8, falseNegatives: 6 });
    // τ 0.90: nothing (own tips are ignored, leave-one-out) → precision 1 by definition, recall 0.
    expect(at(0.9, null)).toMatchObject({ precision: 1, recall: 0, f1: 0, meanSelected: 0 });
    // Best: F1 = 1 from τ 0.30 to 0.45 with k none, 3, 5, 10; ties go to the higher τ, then the smaller k.
    expect(report.best).toMatchObject({ threshold: 0.45, topK: 3, f1: 1 });
    // The project default (τ 0.60, no k) loses more.
    expect(report.current).toMatchObject({ threshold: 0.6, topK: null });
    expect(report.current!.recall).toBeLessThan(1);
    expect(report.perTask.every((task) => task.truePositives === task.expected && task.selected === task.expected)).toBe(true);
  });

  it("leaves expected tips that are no longer approved out, and reports them", async () => {
    const { project, tips } = await seedEvaluationProject();
    await addEvaluationTask({ projectId: project.id, task: RUNS.venmo1.task, expectedTipIds: [tips.venmo2, tips.venmo3] });
    await getDb().tip.update({ where: { id: tips.venmo3 }, data: { status: "rejected" } });
    const report = await evaluateRetrieval({ projectId: project.id }, { embedder });
    expect(report).toMatchObject({ tasks: 1, staleExpected: 1 });
    // The manual task does not ignore venmo1's own tip (similarity 1): a false positive at every τ.
    expect(report.best).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 0 });
  });

  it("reports an empty set without failing", async () => {
    const { project } = await seedEvaluationProject();
    const report = await evaluateRetrieval({ projectId: project.id }, { embedder });
    expect(report).toMatchObject({ tasks: 0, best: { f1: 1 }, current: null, perTask: [] });
  });
});

describe("playground", () => {
  it("explains every candidate, logs the retrieval as a playground one, and previews the block for any selection", async () => {
    const { project, tips, proposed } = await seedEvaluationProject();
    const result = await runPlayground(
      { projectId: project.id, task: RUNS.venmo1.task, strategy: "cosine", threshold: 0.6, topK: 1, granularity: "both", application: null, approvedOnly: false },
      { embedder, llm: noLlm },
    );
    expect(result.tips.map((tip) => tip.id)).toHaveLength(1);
    expect(result.settings).toMatchObject({ threshold: 0.6, topK: 1, approvedOnly: false });
    const decisions = Object.fromEntries(result.candidates!.map((candidate) => [candidate.tip.id, candidate.decision]));
    expect(decisions[tips.venmo2]).toBe("beyond_top_k"); // 0.72
    expect(decisions[tips.amazon1]).toBe("below_threshold"); // explained down to any similarity
    expect(result.candidates).toHaveLength(11); // every tip of the project that could ever be retrieved
    expect([tips.venmo1, proposed.id]).toContain(result.tips[0]!.id);
    const log = await getDb().retrievalLog.findUniqueOrThrow({ where: { id: result.retrievalId } });
    expect(log).toMatchObject({ source: "playground", threshold: 0.6, topK: 1 });

    const preview = await previewGuidelines({ projectId: project.id, tipIds: [tips.venmo2, tips.venmo3], template: "xml", maxTokens: null });
    expect(preview).toMatchObject({ included: 2, dropped: 0, includedTipIds: [tips.venmo2, tips.venmo3] });
    expect(preview.text.startsWith("<guidelines>")).toBe(true);
    const tight = await previewGuidelines({ projectId: project.id, tipIds: [tips.venmo2, tips.venmo3], template: "plain", maxTokens: 130 });
    expect(tight).toMatchObject({ included: 1, droppedTipIds: [tips.venmo3] });
  });

  it("saves strategy, τ, k, granularity and template as the project default", async () => {
    const { project } = await seedEvaluationProject();
    await saveRetrievalDefaults({ projectId: project.id, threshold: 0.45, topK: 3, granularity: "task", template: "plain", strategy: "cosine" });
    expect(await getProjectRetrievalSettings({ projectId: project.id })).toMatchObject({ threshold: 0.45, topK: 3, granularity: "task", template: "plain", maxTokens: 2000 });
  });
});
