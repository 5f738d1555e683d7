// schema.prisma and the hand-written migrations must agree: every model is written and read
// back through the generated client (a missing column, enum value or type mismatch fails here).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createProject, createTip, createTrajectory } from "../../builders";

describe("schema agreement", () => {
  it("round-trips every model through the generated client", async () => {
    const db = getDb();
    const project = await createProject({ description: "schema test" });
    const upload = await db.upload.create({
      data: { projectId: project.id, fileName: "run.json", sizeBytes: 10, sha256: "x", detectedFormat: "atif", status: "failed", error: "bad", finishedAt: new Date() },
    });
    const trajectory = await createTrajectory(project.id, {
      uploadId: upload.id,
      externalId: "ext-1",
      taskCategory: "checkout",
      outcomeLabel: "failure",
      outcomeSource: "verifier",
      outcomeScore: 0.25,
      outcomeDetails: { failedTests: ["t1"] },
      finalAnswer: "done",
      metadata: { agent: { name: "x" } },
      stepCount: 1,
      tokenCount: 42,
      startedAt: new Date(),
      endedAt: new Date(),
      state: "archived",
    });
    await db.trajectoryStep.create({
      data: { trajectoryId: trajectory.id, index: 0, kind: "tool_call", thought: "t", actionKind: "tool", actionName: "get", actionArgs: { a: 1 }, code: "x()", observation: "o", isError: true, errorMessage: "e", timestamp: new Date(), tokens: { in: 1 }, raw: { r: 1 } },
    });
    const run = await db.clusteringRun.create({ data: { projectId: project.id, mode: "full", threshold: 0.85, linkage: "average", model: "local-hash-v1", method: "llm", status: "succeeded", jobId: randomUUID(), actor: "r", stats: { clusters: 1 }, error: null, finishedAt: new Date() } });
    const cluster = await db.cluster.create({
      data: { projectId: project.id, runId: run.id, canonicalDescription: "Authenticate with an app", canonicalSource: "llm", members: [{ description: "d", tipIds: [] }], size: 2, minSimilarity: 0.86, meanSimilarity: 0.9, state: "active" },
    });
    const subtask = await db.subtask.create({
      data: { trajectoryId: trajectory.id, index: 0, description: "Login as x", generalizedDescription: "Authenticate", applications: ["spotify"], purpose: "p", stepStart: 0, stepEnd: 3, clusterId: cluster.id },
    });
    const extraction = await db.extraction.create({
      data: { projectId: project.id, trajectoryId: trajectory.id, granularity: "both", extractor: "llm", status: "succeeded", analysis: { a: 1 }, outcomeCategory: "failure_then_recovery", outcomeInferred: true, attribution: {}, subtasks: [], issues: [], llmCalls: 3, inputTokens: 10, outputTokens: 5, costUsd: 0.01, finishedAt: new Date() },
    });
    const tip = await createTip(project.id, {
      extractionId: extraction.id, fingerprint: `fp-${project.id}`, evidence: "e", rejectReason: "r", version: 3,
      category: "recovery", priority: "critical", granularity: "subtask", status: "merged", origin: "offline",
      negativeExample: "Do not retry blindly", application: null, taskCategory: null, sourceOutcome: "failure then recovery",
      flags: ["contains_url"], subtaskId: subtask.id, clusterId: cluster.id, llmCallId: randomUUID(), model: "m", promptVersion: "v1", costUsd: 0.001, updatedBy: "tester",
    });
    const merged = await createTip(project.id, { origin: "merge", status: "approved", externalProvenance: [{ trajectoryId: "t-1", stepStart: 0, stepEnd: 2 }] });
    await db.tip.update({ where: { id: tip.id }, data: { mergedIntoId: merged.id } });
    await db.tipSource.create({ data: { tipId: merged.id, trajectoryId: trajectory.id, stepStart: 0, stepEnd: 3, outcomeLabel: "success" } });
    await db.tipEvent.create({ data: { tipId: tip.id, type: "merged", actor: "system", before: { a: 1 }, after: { b: 2 }, note: "n" } });
    await db.mergeProposal.create({
      data: {
        projectId: project.id, runId: run.id, clusterId: cluster.id, kind: "conflict", origin: "llm", status: "reverted", sourceTipIds: [tip.id], resultTipId: merged.id, proposedTip: { content: "c" },
        diff: [], conflicts: [], rule: "success-over-failure", rationale: "why", priorState: [{ id: tip.id }], fingerprint: "f", decidedAt: new Date(), decidedBy: "r", decisionNote: "n",
      },
    });
    await db.tipPairDecision.create({ data: { projectId: project.id, tipAId: tip.id, tipBId: merged.id, decision: "distinct", actor: "r", proposalId: randomUUID() } });
    await db.project.update({ where: { id: project.id }, data: { autoAcceptMerges: true, consolidationThreshold: 0.8, consolidationLinkage: "complete" } });
    await db.llmCall.create({
      data: { projectId: project.id, stage: "extraction", model: "m", promptId: "p", promptVersion: "v1", inputHash: "h", cacheKey: "k", status: "ok", cacheHit: true, request: {}, response: {}, attempts: 2, inputTokens: 1, outputTokens: 2, latencyMs: 3, costUsd: 0.5 },
    });
    await db.job.create({ data: { id: randomUUID(), name: "n", projectId: project.id, payload: {}, status: "canceled", total: 3, retryOfId: randomUUID() } });
    await db.retrievalSettings.create({
      data: { projectId: project.id, strategy: "llm", threshold: 0.5, topK: 5, approvedOnly: false, filters: { app: "x" }, granularity: "subtask", template: "xml", tokenBudget: null },
    });
    const apiKey = await db.apiKey.create({ data: { projectId: project.id, name: "ci", prefix: "dbk_", hash: randomUUID(), lastUsedAt: new Date(), revokedAt: new Date() } });
    const log = await db.retrievalLog.create({
      data: {
        projectId: project.id, source: "api", task: "t", strategy: "cosine", requestedStrategy: "llm", fallbackReason: "llm_failed", threshold: 0.6, topK: null,
        settings: { granularity: "both" }, results: [], tipIds: [tip.id, merged.id], injectedTipIds: [tip.id], applications: ["venmo"], apiKeyId: apiKey.id, latencyMs: 4,
      },
    });
    await db.outcomeReport.create({ data: { projectId: project.id, retrievalLogId: log.id, success: true, score: 1, tipIds: [tip.id], notes: "fine", details: {} } });
    await db.appSetting.upsert({ where: { key: `test.${project.id}` }, create: { key: `test.${project.id}`, value: { a: 1 } }, update: {} });
    const evaluationTask = await db.evaluationTask.create({
      data: { projectId: project.id, task: "t", origin: "derived", trajectoryId: trajectory.id, expectedTipIds: [merged.id], ignoredTipIds: [tip.id], updatedBy: "r" },
    });

    const loaded = await db.project.findUniqueOrThrow({
      where: { id: project.id },
      include: {
        trajectories: { include: { steps: true, subtasks: true, sources: true } },
        uploads: true, tips: { include: { sources: true, events: true, mergedFrom: true } },
        clusters: { include: { proposals: true } }, clusteringRuns: { include: { proposals: true } }, mergeProposals: true, pairDecisions: true, llmCalls: true, jobs: true,
        retrievalSettings: true, retrievalLogs: { include: { outcome: true, apiKey: true } }, apiKeys: { include: { retrievalLogs: true } },
      },
    });
    expect(loaded.trajectories[0]!.steps[0]!.actionArgs).toEqual({ a: 1 });
    expect(loaded.trajectories[0]!.subtasks[0]!.applications).toEqual(["spotify"]);
    expect(loaded.tips.find((t) => t.id === tip.id)).toMatchObject({ flags: ["contains_url"], priority: "critical", mergedIntoId: merged.id, extractionId: extraction.id, version: 3 });
    expect((await db.extraction.findUniqueOrThrow({ where: { id: extraction.id }, include: { tips: true } })).tips).toHaveLength(1);
    expect(loaded.tips.find((t) => t.id === merged.id)!.mergedFrom.map((t) => t.id)).toEqual([tip.id]);
    expect(loaded.clusters[0]!.proposals[0]!.status).toBe("reverted");
    expect(loaded.clusteringRuns[0]!.proposals[0]!.rule).toBe("success-over-failure");
    expect(loaded.pairDecisions[0]!.decision).toBe("distinct");
    expect(loaded.retrievalLogs[0]!.outcome).toMatchObject({ notes: "fine", success: true });
    expect(loaded.retrievalLogs[0]).toMatchObject({ requestedStrategy: "llm", fallbackReason: "llm_failed", tipIds: [tip.id, merged.id], injectedTipIds: [tip.id], applications: ["venmo"] });
    expect(loaded.retrievalLogs[0]!.apiKey?.name).toBe("ci");
    expect(loaded.apiKeys[0]!.retrievalLogs).toHaveLength(1);
    expect(loaded.tips.find((t) => t.id === merged.id)!.externalProvenance).toEqual([{ trajectoryId: "t-1", stepStart: 0, stepEnd: 2 }]);
    expect(loaded.retrievalSettings).toMatchObject({ topK: 5, granularity: "subtask", template: "xml", tokenBudget: null });
    expect(loaded.jobs[0]!.itemErrors).toEqual([]);
    expect([loaded.uploads, loaded.clusteringRuns, loaded.llmCalls, loaded.apiKeys].map((l) => l.length)).toEqual([1, 1, 1, 1]);
    expect(await db.evaluationTask.findUniqueOrThrow({ where: { id: evaluationTask.id } })).toMatchObject({ origin: "derived", trajectoryId: trajectory.id, expectedTipIds: [merged.id], ignoredTipIds: [tip.id] });
  });
});
