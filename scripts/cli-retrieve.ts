// CLI: `retrieve "<task>" [--project NAME] [--strategy cosine|llm] [--threshold X] [--top-k N]
// [--granularity task|subtask|both] [--application NAME] [--json]` — the same use-case as
// POST /api/v1/retrieve; --json prints exactly the API's response body.
import { parseArgs } from "node:util";
import { getOrCreateDefaultProject, getOrCreateProject } from "../lib/db/projects";
import { createRetrievalDeps } from "../lib/retrieval/deps";
import { retrieve } from "../lib/retrieval/retrieve";
import { retrieveRequestSchema, type RetrieveResponse } from "../lib/retrieval/schema";

const USAGE = 'Usage: npm run cli -- retrieve "<task>" [--project NAME] [--strategy cosine|llm] [--threshold X] [--top-k N|none] [--granularity task|subtask|both] [--application NAME] [--json]';

export async function retrieveCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      project: { type: "string" },
      strategy: { type: "string" },
      threshold: { type: "string" },
      "top-k": { type: "string" },
      granularity: { type: "string" },
      application: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const parsed = retrieveRequestSchema.safeParse({
    task: positionals.join(" "),
    strategy: values.strategy,
    threshold: values.threshold === undefined ? undefined : Number(values.threshold),
    topK: values["top-k"] === undefined ? undefined : values["top-k"] === "none" ? null : Number(values["top-k"]),
    granularity: values.granularity,
    application: values.application,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join(".") || "input"}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  const project = values.project ? await getOrCreateProject({ name: values.project }) : await getOrCreateDefaultProject();
  const { task, ...overrides } = parsed.data;
  const result: RetrieveResponse = await retrieve({ projectId: project.id, task, overrides, source: "cli" }, await createRetrievalDeps());
  if (values.json) {
    console.log(JSON.stringify(result));
    return 0;
  }
  console.log(describe(result, project.slug));
  return 0;
}

function describe(result: RetrieveResponse, project: string): string {
  const { settings } = result;
  const head = [
    `project "${project}", ${result.strategy}${result.fallback ? ` (fallback: ${result.fallback.reason})` : ""}, τ ${settings.threshold}, top-k ${settings.topK ?? "none"}, ${settings.granularity}`,
    result.fallback ? `note: ${result.fallback.message}` : null,
    result.selection ? `LLM: applications ${result.selection.applications.join(", ") || "(any)"}; category ${result.selection.taskCategory ?? "?"}` : null,
  ];
  const tips = result.tips.map((tip) => `${String(tip.rank).padStart(3)}. ${tip.score.toFixed(3)} (sim ${tip.similarity.toFixed(3)}) [${tip.priority}] ${tip.category}: ${tip.content}  (${tip.id})`);
  const foot = `${result.tips.length} tip(s)${result.budget.dropped ? `, ${result.budget.dropped} dropped by the ${result.budget.maxTokens}-token budget` : ""}; retrieval ${result.retrievalId} in ${result.latencyMs} ms`;
  return [...head.filter(Boolean), ...tips, "", result.guidelines || "(no guidelines: no tip matched)", "", foot].join("\n");
}
