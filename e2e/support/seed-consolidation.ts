// Data for the consolidation specs: three small weather runs imported through the HTTP API into a
// project of their own, and one tip per run written straight to the database (as extraction would
// leave them). Two tips (Lisbon, Porto) give the same recovery advice in nearly the same words, so
// offline consolidation proposes merging them; Madrid's tip is different advice on a related task.
//
// With the built-in local-hash-v1 embedder the generalized task descriptions relate like this:
// Lisbon–Porto 0.92, Lisbon–Madrid 0.71, Porto–Madrid 0.63. So at the default τ = 0.85 (average)
// Lisbon and Porto form one cluster and Madrid stands alone; at τ = 0.60 all three join; at
// τ = 0.95 Lisbon and Porto split. The two recovery tips' content cosine is 0.97 (≥ 0.92: a
// near-duplicate), Madrid's is 0.70 from them.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";

const DATA_DIR = path.join(fileURLToPath(new URL("../..", import.meta.url)), ".data", "e2e");

const CITIES = {
  lisbon: { id: "pt-lis", task: "Look up tomorrow's weather forecast in Lisbon and tell the user whether to pack an umbrella." },
  porto: { id: "pt-opo", task: "Check tomorrow's weather forecast for Porto and tell the user whether to pack an umbrella." },
  madrid: { id: "es-mad", task: "Get the weather forecast for tomorrow in Madrid and say whether an umbrella is needed." },
} as const;
export type City = keyof typeof CITIES;

const PURPOSE = "The forecast API names the parameter city_id.";
const TRIGGER = "get_forecast fails with 400 unknown parameter 'city'.";

/** What the seeded tips say (the spec checks the merge diff against these words). */
export const SEEDED_TIPS = {
  lisbon: {
    status: "approved",
    priority: "high",
    content: "When get_forecast fails with 400 unknown parameter 'city', retry the call with city_id set to the id from search_city.",
    steps: ["Call search_city(name) to get the city id", "Call get_forecast(city_id=<id>, days=1)"],
  },
  porto: {
    status: "proposed",
    priority: "medium",
    content: "When get_forecast fails with 400 unknown parameter 'city', retry the call with city_id set to the id returned by search_city.",
    steps: ["Call search_city(name) to get the city id", "Retry get_forecast with city_id instead of city"],
  },
  madrid: {
    status: "proposed",
    priority: "medium",
    content: "When get_forecast rejects the city parameter, pass city_id instead.",
    steps: ["Pass city_id to get_forecast"],
  },
} as const;

function weatherRun(city: City) {
  const { id, task } = CITIES[city];
  const name = city[0]!.toUpperCase() + city.slice(1);
  return {
    task: { id: `e2e-consolidate-${city}-${randomUUID()}`, description: task, applications: ["weather"], category: "lookup" },
    steps: [
      { index: 0, kind: "tool_call", name: "search_city", arguments: { name }, callId: "c1", observation: JSON.stringify([{ id, name }]) },
      { index: 1, kind: "tool_call", name: "get_forecast", arguments: { city: id, days: 1 }, callId: "c2", observation: "Error 400: unknown parameter 'city', expected 'city_id'", isError: true, errorMessage: "unknown parameter 'city'" },
      { index: 2, kind: "tool_call", name: "get_forecast", arguments: { city_id: id, days: 1 }, callId: "c3", observation: '{"rain_probability": 0.8}' },
      { index: 3, kind: "message", role: "assistant", text: `Showers are likely in ${name} tomorrow: pack an umbrella.` },
    ],
    outcome: { label: "success", source: "verifier", score: 1 },
    metadata: { sourceFormat: "debrief" },
  };
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { url } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "embedded.json"), "utf8")) as { url: string };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface SeededConsolidation {
  projectSlug: string;
  trajectoryIds: Record<City, string>;
  tipIds: Record<City, string>;
}

/** A fresh project with the three runs and their tips (the Lisbon one approved, the others proposed). */
export async function seedConsolidationProject(request: APIRequestContext, { project }: { project: string }): Promise<SeededConsolidation> {
  const trajectoryIds = {} as Record<City, string>;
  let projectSlug = "";
  for (const city of Object.keys(CITIES) as City[]) {
    const response = await request.post(`/api/trajectories/import?project=${encodeURIComponent(project)}`, { data: weatherRun(city), headers: { "x-file-name": `${city}.json` } });
    const body = (await response.json()) as { project: string; trajectories: { id: string }[] };
    if (response.status() !== 201 || body.trajectories.length !== 1) throw new Error(`Importing the ${city} run failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
    projectSlug = body.project;
    trajectoryIds[city] = body.trajectories[0]!.id;
  }
  const tipIds = {} as Record<City, string>;
  await withClient(async (client) => {
    for (const city of Object.keys(CITIES) as City[]) {
      const tip = SEEDED_TIPS[city];
      const id = randomUUID();
      tipIds[city] = id;
      await client.query(
        `INSERT INTO "Tip" (id, "projectId", category, content, purpose, steps, trigger, priority, granularity, "indexDescription", application, "sourceOutcome", status, origin, flags, "updatedAt", "updatedBy")
         SELECT $1::uuid, "projectId", 'recovery', $2, $3, $4::text[], $5, $6::"TipPriority", 'task', "taskDescription", 'weather', 'success', $7::"TipStatus", 'offline', '{}', now(), 'extractor'
         FROM "Trajectory" WHERE id = $8::uuid`,
        [id, tip.content, PURPOSE, tip.steps, TRIGGER, tip.priority, tip.status, trajectoryIds[city]],
      );
      await client.query(`INSERT INTO "TipSource" (id, "tipId", "trajectoryId", "stepStart", "stepEnd", "outcomeLabel") VALUES (gen_random_uuid(), $1, $2, 1, 2, 'success')`, [id, trajectoryIds[city]]);
      await client.query(`INSERT INTO "TipEvent" (id, "tipId", type, actor, after) VALUES (gen_random_uuid(), $1, 'proposed', 'extractor', '{"status":"proposed"}')`, [id]);
    }
  });
  return { projectSlug, trajectoryIds, tipIds };
}
