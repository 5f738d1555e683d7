// CLI commands for extraction and review (the same library code as the app).
import { parseArgs } from "node:util";
import { getDb } from "../lib/db/client";
import { getOrCreateDefaultProject, getOrCreateProject } from "../lib/db/projects";
import { listTrajectoryIdsForExtraction } from "../lib/db/extractions";
import { listTips } from "../lib/db/tip-queries";
import type { ExtractionGranularity } from "../lib/extraction/extract-tips";
import { describeModels, extractionModelsOf, parseModelFlags } from "../lib/extraction/model-overrides";
import { runExtraction, type ExtractionSummary } from "../lib/extraction/run-extraction";
import { approveTip, rejectTip } from "../lib/review/review-tip";
import { getConfiguredLlmClient, getEffectiveLlmConfig } from "../lib/settings/llm-settings";
import type { LlmClient } from "../lib/llm/types";

async function projectFor(name: string | undefined) {
  return name ? getOrCreateProject({ name }) : getOrCreateDefaultProject();
}

/** `extract [--project NAME] [--trajectory ID…] [--granularity task|subtask|both] [--model STAGE=MODEL…] [--offline] [--json]` */
export async function extractCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      project: { type: "string" },
      trajectory: { type: "string", multiple: true },
      granularity: { type: "string", default: "task" },
      model: { type: "string", multiple: true },
      offline: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  });
  const granularity = values.granularity as ExtractionGranularity;
  if (!["task", "subtask", "both"].includes(granularity)) throw new Error("--granularity must be task, subtask or both");
  const models = parseModelFlags(values.model ?? []);
  const project = await projectFor(values.project);
  const ids = await listTrajectoryIdsForExtraction({ projectId: project.id, trajectoryIds: values.trajectory });
  if (!values.offline && !values.json) console.log(`Models: ${describeModels(extractionModelsOf((await getEffectiveLlmConfig({ models })).models))}`);
  let llm: Promise<LlmClient> | undefined;
  const summaries: ExtractionSummary[] = [];
  const failed: { trajectoryId: string; error: string }[] = [];
  for (const trajectoryId of ids) {
    try {
      const summary = await runExtraction({ trajectoryId, granularity, mode: values.offline ? "offline" : "llm", actor: "cli" }, { llm: () => (llm ??= getConfiguredLlmClient({ models })) });
      summaries.push(summary);
      if (!values.json) console.log(`✓ ${trajectoryId}: ${summary.created.length} new tip(s), ${summary.existing} already proposed`);
    } catch (error) {
      failed.push({ trajectoryId, error: (error as { userMessage?: string }).userMessage ?? (error as Error).message });
      if (!values.json) console.error(`✗ ${trajectoryId}: ${failed.at(-1)!.error}`);
    }
  }
  const tips = await getDb().tip.findMany({
    where: { id: { in: summaries.flatMap((s) => s.created) } },
    include: { sources: true },
    orderBy: { createdAt: "asc" },
  });
  const totals = {
    llmCalls: summaries.reduce((sum, s) => sum + s.llmCalls, 0),
    tokens: summaries.reduce((sum, s) => sum + s.tokens, 0),
    costUsd: summaries.reduce<number | null>((sum, s) => (sum === null || s.costUsd === null ? null : sum + s.costUsd), 0),
  };
  if (values.json) {
    console.log(JSON.stringify({ tips: tips.map((tip) => tipJson(tip)), ...totals, failed }));
  } else {
    for (const tip of tips) console.log(`\n[${tip.priority.toUpperCase()}] ${tip.category} (${tip.origin === "offline" ? "heuristic" : "llm"}) ${tip.id}\n  ${tip.content}\n  Apply when: ${tip.trigger}`);
    console.log(`\n${tips.length} new tip(s) from ${summaries.length} trajectorie(s); ${failed.length} failed; ${totals.llmCalls} LLM calls, ${totals.tokens} tokens, $${(totals.costUsd ?? 0).toFixed(4)}`);
  }
  return summaries.length > 0 || ids.length === 0 ? 0 : 1;
}

/** `tips list [--project NAME] [--status S] [--json]` and `tips approve|reject ID… [--reason TEXT]` */
export async function tipsCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { project: { type: "string" }, status: { type: "string" }, json: { type: "boolean", default: false }, reason: { type: "string" } },
  });
  if (sub === "list") {
    const project = await projectFor(values.project);
    const { items } = await listTips({ projectId: project.id, status: values.status as never, limit: 200 });
    if (values.json) console.log(JSON.stringify({ tips: items.map((tip) => tipJson(tip, { withStatus: true })) }));
    else for (const tip of items) console.log(`${tip.id}  ${tip.status.padEnd(8)} ${tip.priority.padEnd(8)} ${tip.category.padEnd(12)} ${tip.content.slice(0, 100)}`);
    return 0;
  }
  if (sub !== "approve" && sub !== "reject") {
    console.error("Usage: npm run cli -- tips list|approve|reject …");
    return 2;
  }
  let failures = 0;
  for (const id of positionals) {
    const tip = await getDb().tip.findUnique({ where: { id } });
    if (!tip) {
      console.error(`✗ ${id}: no such tip`);
      failures++;
      continue;
    }
    const decided = sub === "approve" ? await approveTip({ id, version: tip.version, actor: "cli" }) : await rejectTip({ id, version: tip.version, actor: "cli", reason: values.reason });
    console.log(`✓ ${id}: ${decided.status}`);
  }
  return failures > 0 && failures === positionals.length ? 1 : 0;
}

interface TipWithSources {
  id: string;
  category: string;
  priority: string;
  content: string;
  purpose: string;
  steps: string[];
  trigger: string;
  application: string | null;
  granularity: string;
  origin: string;
  status?: string;
  sources: { trajectoryId: string; stepStart: number | null; stepEnd: number | null }[];
}

/** The documented `--json` shape of a tip. */
function tipJson(tip: TipWithSources, { withStatus = false } = {}) {
  return {
    id: tip.id,
    category: tip.category,
    priority: tip.priority,
    content: tip.content,
    purpose: tip.purpose,
    steps: tip.steps,
    trigger: tip.trigger,
    application: tip.application,
    granularity: tip.granularity,
    source: tip.origin === "offline" ? "heuristic" : "llm",
    ...(withStatus && { status: tip.status }),
    provenance: tip.sources.map(({ trajectoryId, stepStart, stepEnd }) => ({ trajectoryId, stepStart, stepEnd })),
  };
}
