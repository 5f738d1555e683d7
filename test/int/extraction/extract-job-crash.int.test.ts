// Acceptance (issue 4): an LLM extraction job whose worker process is SIGKILLed mid-job is resumed
// by another worker without paying for finished calls twice. The kill lands while one trajectory
// has finished its attribution call and waits on its tips call; every request is counted at the
// fake OpenAI server, per trajectory and prompt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getJobById } from "@/lib/db/jobs";
import { importFiles } from "@/lib/import/import-files";
import { extractTrajectoriesJob } from "@/lib/jobs/extract-trajectories";
import { enqueueJob, stopBoss } from "@/lib/jobs/queue";
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest, type ScriptedResponse } from "../../fake-openai";
import { createProject } from "../../builders";
import { startOwnDatabase, type OwnDatabase } from "../../support/own-database";
import { waitFor } from "../../support/wait-for";
import { startWorkerProcess, type WorkerProcess } from "../../support/worker-process";
import { CHECKOUT_ATTRIBUTION, checkoutRun, checkoutTips } from "./checkout-script";

const RUNS = 5;
/** The run whose tips call is in flight when the worker dies (runs 0 and 1 are finished by then). */
const INTERRUPTED = 2;
/** Each run's task names it, so requests can be told apart by their prompt text. */
const marker = (run: number) => `[order ${run + 1} of ${RUNS}]`;
/** Labelled runs make two calls each in task mode: attribution, then the task tips. */
const CALLS_PER_RUN = 2;

/** One recovery tip per run, worded for that run so each trajectory's tips are recognisable. */
const tipsFor = (run: number) =>
  checkoutTips(`When checkout of order ${run + 1} fails with 422 'payment method required', call get_payment_methods() and retry checkout with payment_method_id.`);

let database: OwnDatabase;
let fake: FakeOpenAi;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  // Worker processes take any queued job of their database: this file gets one of its own.
  database = await startOwnDatabase();
  fake = await startFakeOpenAi();
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()));
  await stopBoss({ graceful: false });
  await fake?.close();
  await database?.stop();
});

function startWorker(): WorkerProcess {
  const worker = startWorkerProcess({
    DEBRIEF_EMBEDDED_DATABASE_URL: database.url,
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: "test-key",
    LLM_MODEL: "gpt-4.1-mini",
    JOB_HEARTBEAT_SECONDS: "1",
    JOB_STALE_SECONDS: "3",
    WORKER_CONCURRENCY: "1",
  });
  workers.push(worker);
  return worker;
}

const chatRequests = () => fake.requests.filter((request) => request.path.endsWith("/chat/completions"));
const runOf = (request: RecordedRequest) => Array.from({ length: RUNS }, (_, run) => run).find((run) => JSON.stringify(request.body).includes(marker(run)));
/** Chat requests per run and prompt, e.g. counts[2]["extraction.tips"]. */
function countByRun(requests: RecordedRequest[]): Record<string, number>[] {
  const counts = Array.from({ length: RUNS }, () => ({}) as Record<string, number>);
  for (const request of requests) {
    const run = runOf(request);
    if (run === undefined) throw new Error(`A request for no known run: ${JSON.stringify(request.body).slice(0, 200)}`);
    counts[run]![request.promptId!] = (counts[run]![request.promptId!] ?? 0) + 1;
  }
  return counts;
}

describe("extract-trajectories job across worker processes (LLM mode)", () => {
  it("resumes after the worker is killed mid-job: every run gets its tips once, no finished call is paid twice", async () => {
    const project = await createProject();
    const files = Array.from({ length: RUNS }, (_, run) => checkoutRun(`shop-crash-${run}`, `Buy a wireless mouse ${marker(run)} and pay with the saved card.`));
    const imported = await importFiles(files, { projectId: project.id });
    expect(imported.imported).toBe(RUNS);
    const trajectoryIds = imported.trajectories.map((t) => t.id);

    // The interrupted run's first tips call hangs until its worker dies; every later answer is immediate.
    const hanging: ScriptedResponse = { inputIncludes: marker(INTERRUPTED), delayMs: 120_000, json: tipsFor(INTERRUPTED) };
    fake.script("extraction.attribution", { json: CHECKOUT_ATTRIBUTION, repeat: true });
    fake.script("extraction.tips", hanging, ...trajectoryIds.map((_, run) => ({ inputIncludes: marker(run), json: tipsFor(run), repeat: true })));

    const first = startWorker();
    await first.ready;
    const jobId = await enqueueJob(extractTrajectoriesJob, { projectId: project.id, granularity: "task", mode: "llm" });
    await waitFor(async () => fake.requestsFor("extraction.tips").some((request) => runOf(request) === INTERRUPTED), {
      what: "the interrupted run's tips call",
      timeoutMs: 60_000,
    });
    expect((await getJobById({ id: jobId }))!.done).toBe(INTERRUPTED); // runs 0 and 1 finished, run 2 in flight
    await first.kill("SIGKILL");

    const beforeCrash = countByRun(chatRequests());
    const requestsBeforeCrash = chatRequests().length;
    expect(beforeCrash.slice(0, INTERRUPTED)).toEqual(Array(INTERRUPTED).fill({ "extraction.attribution": 1, "extraction.tips": 1 }));
    expect(beforeCrash[INTERRUPTED]).toEqual({ "extraction.attribution": 1, "extraction.tips": 1 });
    expect(requestsBeforeCrash).toBe(INTERRUPTED * CALLS_PER_RUN + 2);

    const second = startWorker();
    await second.ready;
    const job = await waitFor(
      async () => {
        const current = await getJobById({ id: jobId });
        return current && ["succeeded", "failed", "canceled"].includes(current.status) ? current : null;
      },
      { what: `job ${jobId}`, timeoutMs: 90_000, intervalMs: 200 },
    );
    expect(job).toMatchObject({ status: "succeeded", attempts: 2, done: RUNS, total: RUNS, itemErrors: [] });

    // Requests: the finished runs and the interrupted run's attribution were never sent again; only the
    // tips call that died with the worker was repeated, then the remaining runs ran once.
    const overall = countByRun(chatRequests());
    const requestsAfterCrash = chatRequests().length - requestsBeforeCrash;
    console.log(`[extraction crash] ${RUNS} runs × ${CALLS_PER_RUN} calls; requests before the kill ${requestsBeforeCrash}, after ${requestsAfterCrash}, total ${chatRequests().length}`);
    overall.forEach((counts, run) => {
      expect(counts).toEqual({ "extraction.attribution": 1, "extraction.tips": run === INTERRUPTED ? 2 : 1 });
    });
    expect(requestsAfterCrash).toBe(1 + (RUNS - INTERRUPTED - 1) * CALLS_PER_RUN);
    expect(chatRequests()).toHaveLength(RUNS * CALLS_PER_RUN + 1);
    expect(await getDb().llmCall.count({ where: { projectId: project.id, cacheHit: true } })).toBe(1); // run 2's attribution

    // Every run has its own tip exactly once, and one successful extraction; the interrupted one is closed.
    const tips = await getDb().tip.findMany({ where: { projectId: project.id }, include: { sources: true } });
    expect(tips).toHaveLength(RUNS);
    trajectoryIds.forEach((trajectoryId, run) => {
      const own = tips.filter((tip) => tip.sources.some((source) => source.trajectoryId === trajectoryId));
      expect(own.map((tip) => tip.content)).toEqual([tipsFor(run).tips[0]!.content]);
    });
    const extractions = await getDb().extraction.findMany({ where: { jobId }, orderBy: { createdAt: "asc" } });
    expect(extractions.filter((e) => e.status === "succeeded").map((e) => e.trajectoryId).sort()).toEqual([...trajectoryIds].sort());
    expect(extractions.filter((e) => e.status !== "succeeded")).toEqual([
      expect.objectContaining({ trajectoryId: trajectoryIds[INTERRUPTED], status: "failed", error: expect.stringMatching(/^Interrupted/) }),
    ]);
  }, 240_000);
});
