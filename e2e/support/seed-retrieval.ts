// Data for the retrieval spec: five runs (three Venmo payment tasks, two Spotify playlist tasks)
// imported through the HTTP API into a project of their own, and one approved tip per run brought
// in with POST /api/v1/memory/import (approved and indexed on import, provenance linked to the run).
// The import needs a key: the seed writes one straight to the database (only its SHA-256 is stored).
//
// With the built-in local-hash-v1 embedder, the playground task TASK is as similar to the runs'
// descriptions as: venmo1 1.00, venmo2 0.72, venmo3 0.68, spotify 0.08–0.12. So τ 0.60 selects the
// three Venmo tips, 0.70 two, 0.75 one. Within the Venmo family the runs are 0.47–0.72 apart, the
// Spotify pair 0.74, across families ≤ 0.17: the derived evaluation set is best at τ 0.45, k 3.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";

const DATA_DIR = path.join(fileURLToPath(new URL("../..", import.meta.url)), ".data", "e2e");

export const TASK = "Pay the pending Venmo requests from my roommates";

const RUNS = {
  venmo1: { task: "Pay my pending Venmo requests from roommates", app: "venmo", category: "payments", tip: "When apis.venmo.pay_request fails with 'insufficient funds', call apis.venmo.show_payment_cards() and retry with payment_card_id." },
  venmo2: { task: "Approve the pending Venmo payment requests from my roommates", app: "venmo", category: "payments", tip: "Call apis.venmo.show_received_payment_requests(status='pending') before approving any request." },
  venmo3: { task: "Pay all pending Venmo requests sent by my friends", app: "venmo", category: "payments", tip: "Use page_limit=20 and loop over page_index when listing Venmo requests instead of one call per friend." },
  spotify1: { task: "Add the most played songs to a new Spotify playlist", app: "spotify", category: "playlists", tip: "Call apis.spotify.show_song_library(sort_by='-play_count') to find the most played songs." },
  spotify2: { task: "Create a Spotify playlist with my most played songs", app: "spotify", category: "playlists", tip: "Create the playlist with apis.spotify.create_playlist(title) before calling add_song_to_playlist." },
} as const;
export type Run = keyof typeof RUNS;
export const TIP_CONTENT: Record<Run, string> = Object.fromEntries(Object.entries(RUNS).map(([run, { tip }]) => [run, tip])) as Record<Run, string>;

export interface SeededRetrieval {
  projectSlug: string;
  /** A key of the project, made by the seed (the spec also creates one in Settings). */
  apiKey: string;
  tipIds: Record<Run, string>;
}

function run(name: Run) {
  const { task, app, category } = RUNS[name];
  return {
    task: { id: `e2e-retrieval-${name}-${randomUUID()}`, description: task, applications: [app], category },
    steps: [
      { index: 0, kind: "tool_call", name: `apis.${app}.show_account`, arguments: {}, callId: "c1", observation: '{"ok": true}' },
      { index: 1, kind: "message", role: "assistant", text: "Done." },
    ],
    outcome: { label: "success", source: "verifier", score: 1 },
    metadata: { sourceFormat: "debrief" },
  };
}

async function insertApiKey(projectSlug: string): Promise<string> {
  const key = `dbk_${randomBytes(32).toString("base64url")}`;
  const { url } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "embedded.json"), "utf8")) as { url: string };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "ApiKey" (id, "projectId", name, prefix, hash) SELECT gen_random_uuid(), id, 'e2e seed', $2, $3 FROM "Project" WHERE slug = $1`,
      [projectSlug, key.slice(0, 12), createHash("sha256").update(key).digest("hex")],
    );
  } finally {
    await client.end();
  }
  return key;
}

/** A fresh project with the five runs and their approved, indexed tips. */
export async function seedRetrievalProject(request: APIRequestContext, { project }: { project: string }): Promise<SeededRetrieval> {
  const trajectoryIds = {} as Record<Run, string>;
  let projectSlug = "";
  for (const name of Object.keys(RUNS) as Run[]) {
    const response = await request.post(`/api/trajectories/import?project=${encodeURIComponent(project)}`, { data: run(name), headers: { "x-file-name": `${name}.json` } });
    const body = (await response.json()) as { project: string; trajectories: { id: string }[] };
    if (response.status() !== 201 || body.trajectories.length !== 1) throw new Error(`Importing ${name} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
    projectSlug = body.project;
    trajectoryIds[name] = body.trajectories[0]!.id;
  }
  const apiKey = await insertApiKey(projectSlug);
  const now = new Date().toISOString();
  const document = {
    format: "debrief.memory",
    version: 1,
    exportedAt: now,
    project: { slug: "e2e-source", name: "e2e source" },
    clusters: [],
    tips: (Object.keys(RUNS) as Run[]).map((name) => ({
      id: name,
      category: "strategy",
      priority: name === "venmo1" ? "critical" : "medium",
      granularity: "task",
      content: RUNS[name].tip,
      purpose: `Learned while running: ${RUNS[name].task}`,
      steps: [],
      trigger: `When the task involves ${RUNS[name].app}.`,
      negativeExample: null,
      application: RUNS[name].app,
      taskCategory: RUNS[name].category,
      indexDescription: RUNS[name].task,
      sourceOutcome: "success",
      origin: "llm",
      clusterId: null,
      provenance: [{ trajectoryId: trajectoryIds[name], externalId: null, taskDescription: RUNS[name].task, stepStart: 0, stepEnd: 1, outcomeLabel: "success" }],
      createdAt: now,
    })),
  };
  const response = await request.post("/api/v1/memory/import", { data: document, headers: { authorization: `Bearer ${apiKey}` } });
  const body = (await response.json()) as { importedTipIds: string[]; indexed: boolean; tips: { imported: number } };
  if (response.status() !== 201 || body.tips.imported !== 5 || !body.indexed) throw new Error(`Importing the memory failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
  const tipIds = Object.fromEntries((Object.keys(RUNS) as Run[]).map((name, i) => [name, body.importedTipIds[i]!])) as Record<Run, string>;
  return { projectSlug, apiKey, tipIds };
}
