// extractTips end to end: the real OpenAI SDK against the fake OpenAI server (scripted per prompt
// id), with the Prisma call store on the test database, on a real AppWorld sample.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../lib/db/client";
import { createPrismaLlmCallStore } from "../../../lib/db/llm-calls";
import { estimateExtractionCost } from "../../../lib/extraction/estimate-cost";
import { extractTips, type ExtractionGranularity, type ExtractTipsResult } from "../../../lib/extraction/extract-tips";
import { createJsonSchemaSupport } from "../../../lib/llm/json-schema-support";
import { createOpenAiLlmClient } from "../../../lib/llm/openai-client";
import { DEFAULT_PRICES } from "../../../lib/llm/prices";
import { LLM_STAGES, type LlmStage } from "../../../lib/llm/types";
import { parseDocument } from "../../../lib/trajectory/parse";
import type { NormalizedTrajectory } from "../../../lib/trajectory/schema";
import { createProject } from "../../builders";
import { startFakeOpenAi, type FakeOpenAi } from "../../fake-openai";
import { sampleDocument } from "../../support/samples";
import { scriptExtraction, SUBTASKS } from "./venmo-script";

let fake: FakeOpenAi;
let trajectory: NormalizedTrajectory;
let projectId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  trajectory = parseDocument(sampleDocument("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json")).trajectories[0]!;
  projectId = (await createProject()).id;
});
afterAll(async () => {
  await fake.close();
});

/** A model name of its own per scenario: the cache is global, so runs must not share one. */
function llmFor(model: string) {
  const models = Object.fromEntries(LLM_STAGES.map((stage) => [stage, model])) as Record<LlmStage, string>;
  const prices = { ...DEFAULT_PRICES, [model]: DEFAULT_PRICES["gpt-4.1-mini"]! };
  const config = { baseURL: fake.url, apiKey: "test-key", models, concurrency: 4, timeoutMs: 5_000, maxRetries: 2, prices };
  const llm = createOpenAiLlmClient(config, createPrismaLlmCallStore(getDb()), {
    baseDelayMs: 5,
    maxDelayMs: 50,
    jsonSchemaSupport: createJsonSchemaSupport(),
  });
  return { llm, models, prices };
}

const newModel = () => `int-extraction-${randomUUID().slice(0, 8)}`;
const requestsFor = (model: string) => fake.requests.filter((r) => (r.body as { model?: string } | null)?.model === model);

describe("extractTips through the real SDK and the fake OpenAI server", () => {
  const model = newModel();
  let first: ExtractTipsResult;

  it("runs every stage: a 429 is retried, a schema-violating answer repaired, step ranges validated", async () => {
    scriptExtraction(fake, { withFaults: true });
    first = await extractTips(trajectory, { granularity: "both", projectId, analysisHints: "Failed actions: steps 0 and 11 (422)." }, { llm: llmFor(model).llm });

    const byPrompt = (id: string) => requestsFor(model).filter((r) => r.promptId === id);
    expect(byPrompt("extraction.outcome")).toHaveLength(2); // 429, then the answer
    expect(byPrompt("extraction.attribution")).toHaveLength(2); // invalid, then the repair turn
    expect(byPrompt("extraction.segmentation")).toHaveLength(1);
    expect(byPrompt("extraction.tips")).toHaveLength(1 + SUBTASKS.length);
    const repair = (byPrompt("extraction.attribution")[1]?.body as { messages: { content: string }[] }).messages.at(-1)?.content;
    expect(repair).toMatch(/does not match the schema/);

    expect(first.outcome).toMatchObject({ category: "failure_then_recovery", inferred: true });
    expect(first.attribution.recovery?.howRecognised.steps).toEqual([0, 1]);
    expect(first.subtasks.map((s) => [s.description, s.stepStart, s.stepEnd])).toEqual(SUBTASKS.map((s) => [s.description, s.stepStart, s.stepEnd]));
    expect(first.tips.filter((t) => t.granularity === "task")).toHaveLength(2);
    expect(first.tips.filter((t) => t.granularity === "subtask")).toHaveLength(2 * SUBTASKS.length - 1); // one shared generic tip
    expect(first.tips.filter((t) => t.application === null).length).toBeGreaterThan(0);
    expect(first.tips.every((t) => t.provenance.every((p) => p.stepStart >= 0 && p.stepEnd <= 16))).toBe(true);
    expect(first.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        "Subtask 4 tips: tip 1 provenance: range 0–16 was clamped to 8–10 (steps 8–10).",
        expect.stringMatching(/^Dropped a duplicate subtask tip/),
      ]),
    );
    expect(fake.pending()).toEqual({});

    // Every call is a row; the result's cost is what the rows say was paid.
    const rows = await getDb().llmCall.findMany({ where: { projectId, model } });
    expect(rows).toHaveLength(first.calls);
    expect(rows.every((r) => r.status === "ok" && !r.cacheHit)).toBe(true);
    expect(rows.find((r) => r.promptId === "extraction.outcome")?.attempts).toBe(2);
    expect(rows.find((r) => r.promptId === "extraction.attribution")?.attempts).toBe(2);
    expect(first.costUsd).toBeGreaterThan(0);
    expect(first.costUsd).toBeCloseTo(rows.reduce((sum, r) => sum + (r.costUsd ?? 0), 0), 9);
    expect(first.tips.every((t) => rows.some((r) => r.id === t.llm.callId && r.promptId === "extraction.tips"))).toBe(true);
  });

  it("serves a second identical run entirely from the cache: no HTTP request, cost 0", async () => {
    const before = fake.requests.length;
    const second = await extractTips(trajectory, { granularity: "both", projectId, analysisHints: "Failed actions: steps 0 and 11 (422)." }, { llm: llmFor(model).llm });
    expect(fake.requests.length).toBe(before);
    expect(second).toMatchObject({ calls: first.calls, cachedCalls: first.calls, costUsd: 0, usage: { inputTokens: 0, outputTokens: 0 } });
    const withoutCallIds = (r: ExtractTipsResult) => r.tips.map(({ llm, ...tip }) => ({ ...tip, model: llm.model }));
    expect(withoutCallIds(second)).toEqual(withoutCallIds(first));
    expect(second.issues).toEqual(first.issues);
  });
});

describe("calls and tokens per trajectory", () => {
  it.each(["task", "subtask"] as const)("granularity %s", async (granularity: ExtractionGranularity) => {
    const model = newModel();
    const { llm, models, prices } = llmFor(model);
    scriptExtraction(fake, { withFaults: false, granularity });
    const result = await extractTips(trajectory, { granularity, projectId }, { llm });
    const estimate = estimateExtractionCost(trajectory, { granularity, models, prices });
    console.log(
      `[extraction] venmo sample (${trajectory.steps.length} steps), granularity ${granularity}: ${result.tips.length} tips, ` +
        `${result.calls} calls, ${result.usage.inputTokens} input + ${result.usage.outputTokens} output tokens (fake server counts ≈ chars/4), ` +
        `$${result.costUsd}; estimate: ${estimate.calls} calls, ${estimate.inputTokens} + ${estimate.outputTokens} tokens, $${estimate.costUsd}`,
    );
    expect(result.calls).toBe(granularity === "task" ? 3 : 3 + SUBTASKS.length);
    expect(requestsFor(model)).toHaveLength(result.calls);
    expect(result.tips.every((t) => t.granularity === granularity)).toBe(true);
    expect(estimate.calls).toBeGreaterThan(0);
  });
});
