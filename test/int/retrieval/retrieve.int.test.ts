// Cosine retrieval on a seeded project, through the real database and the local embedder: the
// expected tips in the expected order, τ and k at their boundaries, filters, and the log row.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { retrieve, type RetrieveInput } from "@/lib/retrieval/retrieve";
import { saveProjectRetrievalSettings } from "@/lib/retrieval/settings";
import { embedder, noLlm, seedRetrievalProject, TASK } from "./seed";

const run = (input: Omit<RetrieveInput, "source"> & { source?: RetrieveInput["source"] }) => retrieve({ source: "cli", ...input }, { embedder, llm: noLlm });

describe("cosine retrieval", () => {
  it("returns the approved tips above τ, best first, ties broken by priority, and logs the retrieval", async () => {
    const { project, tips } = await seedRetrievalProject();
    const result = await run({ projectId: project.id, task: TASK });
    expect(result.strategy).toBe("cosine");
    expect(result.fallback).toBeUndefined();
    expect(result.tips.map((tip) => tip.id)).toEqual([tips.critical.id, tips.high.id, tips.generic.id, tips.low.id]);
    expect(result.tips.map((tip) => tip.rank)).toEqual([1, 2, 3, 4]);
    expect(result.tips[0]!.similarity).toBeCloseTo(1, 5);
    expect(result.tips[2]!.similarity).toBeCloseTo(0.789, 2);
    expect(result.tips[3]!.similarity).toBeCloseTo(0.65, 2);
    expect(result.tips.every((tip) => tip.score === tip.similarity)).toBe(true);
    expect(result.settings).toMatchObject({ threshold: 0.6, topK: null, granularity: "both", template: "markdown", approvedOnly: true });
    expect(result.guidelines).toContain("### [PRIORITY: CRITICAL] Recovery tip");
    expect(result.guidelines.indexOf(tips.critical.content)).toBeLessThan(result.guidelines.indexOf(tips.low.content));

    const log = await getDb().retrievalLog.findUniqueOrThrow({ where: { id: result.retrievalId } });
    expect(log).toMatchObject({ projectId: project.id, source: "cli", task: TASK, strategy: "cosine", requestedStrategy: "cosine", threshold: 0.6, topK: null, fallbackReason: null });
    expect(log.injectedTipIds).toEqual(result.tips.map((tip) => tip.id));
    expect(log.applications.sort()).toEqual(["venmo"]);
    expect((log.results as { id: string; score: number }[])[0]).toMatchObject({ id: tips.critical.id, rank: 1, injected: true });
  });

  it("never returns proposed or rejected tips unless the project allows proposed ones (rejected: never)", async () => {
    const { project, tips } = await seedRetrievalProject();
    const approvedOnly = await run({ projectId: project.id, task: TASK });
    expect(approvedOnly.tips.map((tip) => tip.id)).not.toContain(tips.proposed.id);
    await saveProjectRetrievalSettings({ projectId: project.id, settings: { approvedOnly: false }, actor: "test" });
    const withProposed = await run({ projectId: project.id, task: TASK });
    expect(withProposed.tips.map((tip) => tip.id)).toContain(tips.proposed.id);
    expect(withProposed.tips.map((tip) => tip.id)).not.toContain(tips.rejected.id);
  });

  it("includes a tip whose similarity equals τ and excludes it just above (inclusive threshold)", async () => {
    const { project, tips } = await seedRetrievalProject();
    const first = await run({ projectId: project.id, task: TASK });
    const boundary = first.tips.find((tip) => tip.id === tips.low.id)!.similarity;
    const at = await run({ projectId: project.id, task: TASK, overrides: { threshold: boundary } });
    expect(at.tips.map((tip) => tip.id)).toContain(tips.low.id);
    const above = await run({ projectId: project.id, task: TASK, overrides: { threshold: boundary + 1e-9 } });
    expect(above.tips.map((tip) => tip.id)).toEqual([tips.critical.id, tips.high.id, tips.generic.id]);
    const everything = await run({ projectId: project.id, task: TASK, overrides: { threshold: 0 } });
    expect(everything.tips.map((tip) => tip.id)).toContain(tips.subtask.id); // similarity ≈ 0.05, still ≥ 0
    const identical = await run({ projectId: project.id, task: TASK, overrides: { threshold: 1 } });
    expect(identical.tips.length).toBeLessThanOrEqual(2); // only the exact description can reach 1 (float rounding may keep it just below)
  });

  it("applies top k after τ: k = 1, k = 2 on a tie, k beyond the candidates", async () => {
    const { project, tips } = await seedRetrievalProject();
    const k = async (topK: number | null) => (await run({ projectId: project.id, task: TASK, overrides: { topK } })).tips.map((tip) => tip.id);
    expect(await k(1)).toEqual([tips.critical.id]);
    expect(await k(2)).toEqual([tips.critical.id, tips.high.id]);
    expect(await k(4)).toEqual([tips.critical.id, tips.high.id, tips.generic.id, tips.low.id]);
    expect(await k(100)).toEqual(await k(null));
    await saveProjectRetrievalSettings({ projectId: project.id, settings: { topK: 1 }, actor: "test" });
    expect(await k(null)).toHaveLength(4); // a request's null clears the project's default k
    expect((await run({ projectId: project.id, task: TASK })).tips).toHaveLength(1);
  });

  it("filters by granularity and application, and retrieves a clustered subtask tip by its cluster's canonical description", async () => {
    const { project, tips } = await seedRetrievalProject();
    const byCanonical = await run({ projectId: project.id, task: "Authenticate with a music streaming app", overrides: { granularity: "subtask" } });
    expect(byCanonical.tips.map((tip) => tip.id)).toEqual([tips.subtask.id]);
    expect(byCanonical.tips[0]!.similarity).toBeCloseTo(1, 5);
    const byOwnDescription = await run({ projectId: project.id, task: "Log in to Spotify", overrides: { granularity: "subtask" } });
    expect(byOwnDescription.tips).toEqual([]);
    expect((await run({ projectId: project.id, task: TASK, overrides: { granularity: "subtask" } })).tips).toEqual([]);
    const spotify = await run({ projectId: project.id, task: TASK, overrides: { application: "Spotify" } });
    expect(spotify.tips.map((tip) => tip.id)).toEqual([tips.generic.id]); // generic tips pass an application filter
  });

  it("drops the lowest-ranked tips to fit the token budget and says how many", async () => {
    const { project, tips } = await seedRetrievalProject();
    const result = await run({ projectId: project.id, task: TASK, overrides: { maxTokens: 200, template: "plain" } });
    expect(result.budget.maxTokens).toBe(200);
    expect(result.budget.tokens).toBeLessThanOrEqual(200);
    expect(result.tips.length + result.budget.dropped).toBe(4);
    expect(result.budget.dropped).toBeGreaterThan(0);
    expect(result.tips[0]!.id).toBe(tips.critical.id);
    const log = await getDb().retrievalLog.findUniqueOrThrow({ where: { id: result.retrievalId } });
    expect(log.tipIds).toHaveLength(4);
    expect(log.injectedTipIds).toEqual(result.tips.map((tip) => tip.id));
  });

  it("explains every candidate for the playground: why each was or was not selected", async () => {
    const { project, tips } = await seedRetrievalProject();
    const result = await run({ projectId: project.id, task: TASK, source: "playground", explain: {}, overrides: { topK: 2 } });
    const decision = (id: string) => result.candidates!.find((candidate) => candidate.tip.id === id)?.decision;
    expect(decision(tips.critical.id)).toBe("selected");
    expect(decision(tips.generic.id)).toBe("beyond_top_k");
    expect(decision(tips.proposed.id)).toBe("status");
    expect(decision(tips.unrelated.id)).toBe("below_threshold");
    expect(decision(tips.rejected.id)).toBeUndefined(); // never indexed
    expect(result.tips.map((tip) => tip.id)).toEqual([tips.critical.id, tips.high.id]);
  });

  it("returns no tips and empty guidelines for a task with nothing similar", async () => {
    const { project } = await seedRetrievalProject();
    const result = await run({ projectId: project.id, task: "Translate this poem into French" });
    expect(result).toMatchObject({ tips: [], guidelines: "", budget: { tokens: 0, dropped: 0 } });
  });
});
