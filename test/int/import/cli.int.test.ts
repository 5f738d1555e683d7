// `npm run cli -- import …` as a user runs it: a real process against the test database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { startFakeOpenAi } from "../../fake-openai";
import { runCli as cli } from "../../support/run-cli";
import { CHECKOUT_ATTRIBUTION, checkoutTips } from "../extraction/checkout-script";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const FIXTURE = path.join(ROOT, "test/fixtures/trajectories/debrief/checkout-recovery.json");

describe("cli import", () => {
  it("prints the documented --json report and exits 0 when something imported", async () => {
    const project = `cli-${randomUUID().slice(0, 8)}`;
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "debrief-cli-")), "bad.json");
    fs.writeFileSync(bad, '{"task": ');
    const result = await cli(["import", FIXTURE, bad, "--project", project, "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout.trim().split("\n").at(-1)!);
    expect(report).toEqual({
      imported: 1,
      duplicates: 0,
      failed: [{ file: "bad.json", error: expect.stringMatching(/^Invalid JSON/) }],
      trajectories: [{ id: expect.any(String), format: "debrief", steps: 5 }],
    });
    const stored = await getDb().trajectory.findUniqueOrThrow({ where: { id: report.trajectories[0].id }, include: { project: true } });
    expect(stored.project.slug).toBe(project);

    const again = await cli(["import", FIXTURE, "--project", project, "--json"]);
    expect(JSON.parse(again.stdout.trim().split("\n").at(-1)!)).toMatchObject({ imported: 0, duplicates: 1 });
    expect(again.code).toBe(0);
  }, 120_000);

  it("exits non-zero only when nothing could be imported, and says why", async () => {
    const result = await cli(["import", "/nonexistent/trajectory.json"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Imported 0, duplicates 0, failed 1/);
    const usage = await cli(["bogus"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage:/);
  }, 120_000);
});

describe("cli extract and tips", () => {
  it("extracts offline with the documented --json shape, then approves and lists tips", async () => {
    const project = `cli-extract-${randomUUID().slice(0, 8)}`;
    await cli(["import", FIXTURE, "--project", project]);
    const extract = await cli(["extract", "--project", project, "--offline", "--json"]);
    expect(extract.code).toBe(0);
    const report = JSON.parse(extract.stdout.trim().split("\n").at(-1)!);
    expect(report).toMatchObject({ llmCalls: 0, tokens: 0, costUsd: 0 });
    expect(report.tips.length).toBeGreaterThan(0);
    const recovery = report.tips.find((tip: { category: string }) => tip.category === "recovery");
    expect(recovery).toMatchObject({ source: "heuristic", granularity: "task", content: expect.stringContaining("checkout"), provenance: [expect.objectContaining({ stepStart: 1, stepEnd: 3 })] });
    expect(Object.keys(recovery).sort()).toEqual(["application", "category", "content", "granularity", "id", "priority", "provenance", "purpose", "source", "steps", "trigger"]);

    const again = await cli(["extract", "--project", project, "--offline", "--json"]);
    expect(JSON.parse(again.stdout.trim().split("\n").at(-1)!).tips).toEqual([]); // a re-run duplicates nothing

    const approve = await cli(["tips", "approve", recovery.id]);
    expect(approve.stdout).toContain(`${recovery.id}: approved`);
    const list = await cli(["tips", "list", "--project", project, "--status", "approved", "--json"]);
    expect(JSON.parse(list.stdout.trim().split("\n").at(-1)!).tips.map((t: { id: string }) => t.id)).toEqual([recovery.id]);
  }, 180_000);
});

describe("cli extract with per-run models", () => {
  it("sends each stage's --model to the endpoint and refuses a malformed one", async () => {
    const fake = await startFakeOpenAi();
    try {
      const project = `cli-models-${randomUUID().slice(0, 8)}`;
      await cli(["import", FIXTURE, "--project", project]);
      fake.script("extraction.attribution", { json: CHECKOUT_ATTRIBUTION, repeat: true });
      fake.script("extraction.tips", { json: checkoutTips(), repeat: true });
      // Names of their own: the LLM cache is shared by every test on this database.
      const tipsModel = `cli-tips-${randomUUID().slice(0, 8)}`;
      const attributionModel = `cli-attribution-${randomUUID().slice(0, 8)}`;
      const env = { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "test-key", LLM_MODEL: "gpt-4.1-mini" };

      const extract = await cli(["extract", "--project", project, "--model", `extraction=${tipsModel}`, "--model", `attribution=${attributionModel}`], env);
      expect(extract.code, extract.stderr).toBe(0);
      expect(extract.stdout).toContain(`Models: extraction ${tipsModel} · attribution ${attributionModel} · segmentation gpt-4.1-mini`);
      const modelsSent = (promptId: string) => fake.requestsFor(promptId).map((request) => (request.body as { model?: string }).model);
      expect(modelsSent("extraction.attribution")).toEqual([attributionModel]);
      expect(modelsSent("extraction.tips")).toEqual([tipsModel]);

      const bad = await cli(["extract", "--project", project, "--model", "retrieval=gpt-4.1"], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/--model takes stage=model/);
      expect(fake.requests.filter((request) => request.path.endsWith("/chat/completions"))).toHaveLength(2);
    } finally {
      await fake.close();
    }
  }, 180_000);
});
