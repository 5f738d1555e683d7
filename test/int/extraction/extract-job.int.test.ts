// The extraction job end to end: the real queue, the LLM through Settings → real SDK → fake
// OpenAI server, the real database. One trajectory fails permanently and is reported while the
// others complete; a retry of the job pays for no finished call twice and duplicates no tip.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb, getDb } from "@/lib/db/client";
import { setDatabaseConnection } from "@/lib/db/connection";
import { MEMORY_DATA_DIR, startEmbeddedServer, type EmbeddedServer } from "@/lib/db/embedded";
import { getJobById } from "@/lib/db/jobs";
import { migrate } from "@/lib/db/migrate";
import { importFiles } from "@/lib/import/import-files";
import { estimateExtraction } from "@/lib/extraction/estimate-extraction";
import { describeExtractionJob, extractTrajectoriesJob } from "@/lib/jobs/extract-trajectories";
import { enqueueJob, retryJob, stopBoss } from "@/lib/jobs/queue";
import type { JobDefinition, JobItemError } from "@/lib/jobs/types";
import { startWorker, type RunningWorker } from "@/lib/jobs/worker";
import { saveLlmSettings } from "@/lib/settings/llm-settings";
import { startFakeOpenAi, type FakeOpenAi } from "../../fake-openai";
import { createProject } from "../../builders";
import { waitFor } from "../../support/wait-for";
import { CHECKOUT_ATTRIBUTION, checkoutRun, checkoutTips } from "./checkout-script";

const ATTRIBUTION = CHECKOUT_ATTRIBUTION;
const TIPS = checkoutTips();

let server: EmbeddedServer;
let fake: FakeOpenAi;
let worker: RunningWorker;

beforeAll(async () => {
  // Settings are instance-wide, so this file gets a database of its own.
  server = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
  await migrate({ connectionString: server.url });
  await disconnectDb();
  setDatabaseConnection({ url: server.url, mode: "embedded" });
  fake = await startFakeOpenAi();
  await saveLlmSettings({ baseURL: fake.url, apiKey: "test-key", defaultModel: "gpt-4.1-mini" });
  worker = await startWorker({ definitions: [extractTrajectoriesJob as unknown as JobDefinition], concurrency: 1, heartbeatSeconds: 1, staleSeconds: 30, run: { itemAttempts: 2, itemBackoffMs: 10 } });
}, 120_000);

afterAll(async () => {
  await worker?.stop({ graceful: false });
  await stopBoss({ graceful: false });
  await fake?.close();
  await disconnectDb();
  await server?.stop();
});

const finished = (id: string) =>
  waitFor(async () => {
    const job = await getJobById({ id });
    return job && ["succeeded", "failed", "canceled"].includes(job.status) ? job : null;
  }, { what: `job ${id}`, timeoutMs: 60_000 });

describe("extract-trajectories job (LLM mode)", () => {
  it("extracts every trajectory, reports the one that keeps failing, and a retry pays for nothing twice", async () => {
    const project = await createProject();
    const tasks = ["Buy the cheapest wireless mouse", "Buy a USB-C cable", "POISON: buy a keyboard"];
    const files = tasks.map((description, i) => checkoutRun(`shop-${i}`, description));
    const imported = await importFiles(files, { projectId: project.id });
    expect(imported.imported).toBe(3);

    fake.script("extraction.attribution", { status: 500, inputIncludes: "POISON", repeat: true }, { json: ATTRIBUTION, repeat: true });
    fake.script("extraction.tips", { json: TIPS, repeat: true });

    const jobId = await enqueueJob(extractTrajectoriesJob, { projectId: project.id, granularity: "task", mode: "llm" });
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: "succeeded", done: 3, total: 3 });
    const itemErrors = job.itemErrors as unknown as JobItemError[];
    expect(itemErrors).toHaveLength(1);
    expect(itemErrors[0]!.message).toMatch(/500|failed/i);
    const poisoned = imported.trajectories[2]!.id;
    expect(itemErrors[0]!.item).toBe(`trajectory:${poisoned}`);

    const tips = await getDb().tip.findMany({ where: { projectId: project.id }, include: { sources: true } });
    expect(tips).toHaveLength(2); // one per healthy trajectory (same advice, different sources)
    expect(tips.every((tip) => tip.origin === "llm" && tip.status === "proposed")).toBe(true);
    expect(tips[0]!.sources[0]).toMatchObject({ stepStart: 1, stepEnd: 3 });
    const extractions = await getDb().extraction.findMany({ where: { projectId: project.id, status: "succeeded" } });
    expect(extractions.map((e) => e.llmCalls)).toEqual([2, 2]);

    // Retry after "fixing" the endpoint: the healthy trajectories come from the cache, the tips are not duplicated.
    fake.reset();
    fake.script("extraction.attribution", { json: ATTRIBUTION, repeat: true });
    fake.script("extraction.tips", { json: TIPS, repeat: true });
    const retried = await finished(await retryJob({ id: jobId }, [extractTrajectoriesJob as unknown as JobDefinition]));
    expect(retried).toMatchObject({ status: "succeeded", itemErrors: [] });
    expect(fake.requests.filter((r) => r.path.endsWith("/chat/completions"))).toHaveLength(2); // only the poisoned trajectory's two calls
    expect(await getDb().tip.count({ where: { projectId: project.id } })).toBe(3);
    const cacheHits = await getDb().llmCall.count({ where: { cacheHit: true, projectId: project.id } });
    expect(cacheHits).toBe(4);
  }, 120_000);

  it("runs each stage on the job's models over the Settings ones, and the estimate prices the chosen models", async () => {
    const project = await createProject();
    const imported = await importFiles([checkoutRun("shop-models", "Buy a keyboard on the models chosen for this job")], { projectId: project.id });
    expect(imported.imported).toBe(1);
    fake.reset();
    fake.script("extraction.attribution", { json: ATTRIBUTION, repeat: true });
    fake.script("extraction.tips", { json: TIPS, repeat: true });

    const models = { extraction: "gpt-4.1-nano", attribution: "gpt-4o-mini" };
    const job = await finished(await enqueueJob(extractTrajectoriesJob, { projectId: project.id, granularity: "task", mode: "llm", models }));
    expect(job).toMatchObject({ status: "succeeded", itemErrors: [] });
    const modelsSent = (promptId: string) => fake.requestsFor(promptId).map((request) => (request.body as { model?: string }).model);
    expect(modelsSent("extraction.attribution")).toEqual(["gpt-4o-mini"]);
    expect(modelsSent("extraction.tips")).toEqual(["gpt-4.1-nano"]); // not the Settings default, gpt-4.1-mini
    const tips = await getDb().tip.findMany({ where: { projectId: project.id } });
    expect(tips.map((tip) => tip.model)).toEqual(["gpt-4.1-nano"]); // the model that wrote the tip
    expect(describeExtractionJob({ ...(job.payload as object), projectId: project.id, granularity: "task", mode: "llm", models, actor: "x" })).toBe("LLM · task · extraction gpt-4.1-nano · attribution gpt-4o-mini");

    // The estimate: same calls and tokens, priced with the chosen models; an unknown model is named.
    const bySettings = await estimateExtraction({ projectId: project.id, granularity: "task", mode: "llm" });
    const byChoice = await estimateExtraction({ projectId: project.id, granularity: "task", mode: "llm", models });
    expect(bySettings.models).toEqual({ extraction: "gpt-4.1-mini", attribution: "gpt-4.1-mini", segmentation: "gpt-4.1-mini" });
    expect(byChoice.models).toEqual({ ...bySettings.models, ...models });
    expect(byChoice).toMatchObject({ calls: 2, inputTokens: bySettings.inputTokens, outputTokens: bySettings.outputTokens, unpricedModels: [] });
    expect(byChoice.costUsd!).toBeLessThan(bySettings.costUsd!); // nano and 4o-mini are cheaper than 4.1-mini
    const unpriced = await estimateExtraction({ projectId: project.id, granularity: "task", mode: "llm", models: { extraction: "my-local-model" } });
    expect(unpriced).toMatchObject({ costUsd: null, unpricedModels: ["my-local-model"] });
  }, 120_000);
});
