// The agent API through its real route handlers: key auth (missing, malformed, unknown, revoked),
// validation errors with field names, retrieve → feedback, per-tip statistics and the harm flag
// in the tip detail and the review list, and trajectories posted with a key.
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as getTip } from "@/app/api/tips/[tipId]/route";
import { POST as postFeedback } from "@/app/api/v1/feedback/route";
import { POST as postRetrieve } from "@/app/api/v1/retrieve/route";
import { POST as postTrajectories } from "@/app/api/v1/trajectories/route";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/api-keys/api-keys";
import { getDb } from "@/lib/db/client";
import { listTips } from "@/lib/db/tip-queries";
import { reindexTips } from "@/lib/retrieval/index-tips";
import { HARM_FLAG } from "@/lib/retrieval/stats";
import { createProject, createTip } from "../../builders";
import { embedder, seedRetrievalProject, TASK } from "./seed";

const FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/trajectories/debrief/checkout-recovery.json"));

function post(url: string, body: unknown, key?: string | null, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key && { authorization: `Bearer ${key}` }), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const retrieveWith = (key: string | null, body: unknown) => postRetrieve(post("/api/v1/retrieve", body, key));
const feedbackWith = (key: string | null, body: unknown) => postFeedback(post("/api/v1/feedback", body, key));

describe("API keys", () => {
  it("are created (plaintext once), listed without the secret, used (lastUsedAt) and revoked (401 afterwards)", async () => {
    const { project } = await seedRetrievalProject();
    const created = await createApiKey({ projectId: project.id, name: "agent" });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const stored = await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.hash).not.toContain(created.key);
    expect(JSON.stringify(await listApiKeys({ projectId: project.id }))).not.toContain(created.key);

    const ok = await retrieveWith(created.key, { task: TASK });
    expect(ok.status).toBe(200);
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).not.toBeNull();

    await revokeApiKey({ id: created.id, projectId: project.id });
    const revoked = await retrieveWith(created.key, { task: TASK });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).error.message).toMatch(/revoked/);
    expect((await listApiKeys({ projectId: project.id }))[0]!.revokedAt).not.toBeNull();
  });

  it("answers 401 for a missing, malformed or unknown key, before looking at the body", async () => {
    const missing = await retrieveWith(null, { nonsense: true });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/Bearer/);
    expect((await postRetrieve(post("/api/v1/retrieve", { task: "x" }, null, { authorization: "Basic abc" }))).status).toBe(401);
    expect((await retrieveWith("dbk_not-a-real-key", { task: "x" })).status).toBe(401);
    expect((await feedbackWith(null, {})).status).toBe(401);
  });
});

describe("POST /api/v1/retrieve", () => {
  it("returns the retrieval id, strategy, tips and guidelines for the key's project", async () => {
    const { project, tips } = await seedRetrievalProject();
    const { key } = await createApiKey({ projectId: project.id, name: "agent" });
    const response = await retrieveWith(key, { task: TASK, topK: 2, template: "xml" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ strategy: "cosine", requestedStrategy: "cosine", settings: { topK: 2, template: "xml" }, budget: { dropped: 0 }, truncated: false });
    expect(body.retrievalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.tips.map((tip: { id: string }) => tip.id)).toEqual([tips.critical.id, tips.high.id]);
    expect(Object.keys(body.tips[0]).sort()).toEqual(
      ["application", "category", "content", "granularity", "id", "negativeExample", "priority", "purpose", "rank", "score", "similarity", "steps", "taskCategory", "trigger"].sort(),
    );
    expect(body.guidelines).toMatch(/^<guidelines>/);
    const log = await getDb().retrievalLog.findUniqueOrThrow({ where: { id: body.retrievalId } });
    expect(log).toMatchObject({ source: "api", projectId: project.id });
  });

  it("answers 400 with field errors for invalid input and unknown fields", async () => {
    const { project } = await seedRetrievalProject();
    const { key } = await createApiKey({ projectId: project.id, name: "agent" });
    const invalid = await retrieveWith(key, { task: "", threshold: 2, topK: 0, strategy: "magic", granularity: "all" });
    expect(invalid.status).toBe(400);
    const { error } = await invalid.json();
    expect(error.code).toBe("INVALID_INPUT");
    expect(Object.keys(error.fieldErrors).sort()).toEqual(["granularity", "strategy", "task", "threshold", "topK"]);
    expect(error.fieldErrors.threshold[0]).toMatch(/at most 1/);
    const unknown = await retrieveWith(key, { task: "x", top_k: 3 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fieldErrors).toEqual({ top_k: ["Unknown field."] });
    const notJson = await retrieveWith(key, "{task:");
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.message).toMatch(/not valid JSON/);
  });
});

describe("POST /api/v1/feedback", () => {
  it("records an outcome for the injected tips, replaces it on a second report, and refuses other projects' retrievals", async () => {
    const { project, tips } = await seedRetrievalProject();
    const { key } = await createApiKey({ projectId: project.id, name: "agent" });
    const { retrievalId } = await (await retrieveWith(key, { task: TASK, topK: 2 })).json();
    const first = await feedbackWith(key, { retrievalId, outcome: "failure", score: 0.25, notes: "2 of 8 tests passed" });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ retrievalId, outcome: "failure", replaced: false, tipIds: [tips.critical.id, tips.high.id] });
    const second = await feedbackWith(key, { retrievalId, outcome: "success" });
    expect(second.status).toBe(200);
    expect((await second.json()).replaced).toBe(true);
    const reports = await getDb().outcomeReport.findMany({ where: { retrievalLogId: retrievalId } });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ success: true, score: null, notes: null });

    const other = await createApiKey({ projectId: (await createProject()).id, name: "other" });
    expect((await feedbackWith(other.key, { retrievalId, outcome: "success" })).status).toBe(404);
    const invalid = await feedbackWith(key, { retrievalId: "nope", outcome: "ok", score: 3 });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await invalid.json()).error.fieldErrors).sort()).toEqual(["outcome", "retrievalId", "score"]);
  });

  it("turns outcomes into per-tip success rates and flags a tip whose injection correlates with failure", async () => {
    const project = await createProject();
    const harmful = await createTip(project.id, { status: "approved", indexDescription: "Archive old emails in my inbox", content: "Delete every email with delete_email(id) one by one, oldest first." });
    const helpful = await createTip(project.id, { status: "approved", indexDescription: "Plan the weekly team meeting", content: "Call show_calendar(week) and pick the first free slot for every attendee." });
    await reindexTips({ projectId: project.id }, { embedder });
    const { key } = await createApiKey({ projectId: project.id, name: "agent" });
    const runs = async (task: string, outcome: "success" | "failure", count: number) => {
      for (let i = 0; i < count; i++) {
        const { retrievalId, tips } = await (await retrieveWith(key, { task })).json();
        expect(tips).toHaveLength(1);
        expect((await feedbackWith(key, { retrievalId, outcome })).ok).toBe(true);
      }
    };
    await runs("Archive old emails in my inbox", "failure", 4);
    await runs("Plan the weekly team meeting", "success", 5);
    const beforeEnough = await (await getTip(new Request("http://localhost"), { params: Promise.resolve({ tipId: harmful.id }) })).json();
    expect(beforeEnough.tip.flags).not.toContain(HARM_FLAG); // 4 injected outcomes: not enough to judge
    await runs("Archive old emails in my inbox", "failure", 1);

    const detail = await (await getTip(new Request("http://localhost"), { params: Promise.resolve({ tipId: harmful.id }) })).json();
    expect(detail.tip.flags).toContain(HARM_FLAG);
    expect(detail.retrievalStats).toMatchObject({
      retrieved: 5,
      injected: 5,
      injectedOutcomes: 5,
      injectedSuccesses: 0,
      withoutOutcomes: 5,
      withoutSuccesses: 5,
      successRateInjected: 0,
      successRateWithout: 1,
      isHarmful: true,
    });
    const good = await (await getTip(new Request("http://localhost"), { params: Promise.resolve({ tipId: helpful.id }) })).json();
    expect(good.tip.flags).not.toContain(HARM_FLAG);
    expect(good.retrievalStats).toMatchObject({ successRateInjected: 1, successRateWithout: 0, isHarmful: false });

    const queue = await listTips({ projectId: project.id });
    expect(queue.items.find((tip) => tip.id === harmful.id)!.flags).toContain(HARM_FLAG);
    expect(queue.items.find((tip) => tip.id === helpful.id)!.flags).not.toContain(HARM_FLAG);
  });
});

describe("POST /api/v1/trajectories with a key", () => {
  const upload = (key: string | null, query = "") =>
    postTrajectories(new NextRequest(`http://localhost/api/v1/trajectories${query}`, { method: "POST", body: FIXTURE, headers: { "content-type": "application/json", ...(key && { authorization: `Bearer ${key}` }) } }));

  it("imports into the key's project, refuses another ?project=, and answers 401 without a key or for a revoked one", async () => {
    const project = await createProject();
    const created = await createApiKey({ projectId: project.id, name: "runtime" });
    const response = await upload(created.key);
    expect(response.status).toBe(201);
    expect((await response.json()).project).toBe(project.slug);
    expect(await getDb().trajectory.count({ where: { projectId: project.id } })).toBe(1);
    const elsewhere = await upload(created.key, "?project=somewhere-else");
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error.fieldErrors.project[0]).toMatch(/belongs to project/);
    await revokeApiKey({ id: created.id, projectId: project.id });
    expect((await upload(created.key)).status).toBe(401);
    expect((await upload("dbk_unknown")).status).toBe(401);
    const keyless = await upload(null, "?project=anything");
    expect(keyless.status).toBe(401);
    expect((await keyless.json()).error.message).toMatch(/Send a project API key/);
  });
});
