// CLI commands for consolidation (the same library code as the app).
import { parseArgs } from "node:util";
import { getOrCreateDefaultProject, getOrCreateProject } from "../lib/db/projects";
import { acceptConsolidationProposal as acceptProposal, rejectConsolidationProposal as rejectProposal, revertConsolidationProposal as revertProposal } from "../lib/consolidation/decide-proposal";
import { consolidateProject } from "../lib/consolidation/consolidate-project";
import type { LlmClient } from "../lib/llm/types";
import { getConfiguredEmbedder } from "../lib/settings/embedding-settings";
import { getConfiguredLlmClient } from "../lib/settings/llm-settings";

const LINKAGES = ["average", "single", "complete"] as const;

/** `consolidate [--project NAME] [--threshold X] [--linkage L] [--offline] [--json]` */
export async function consolidateCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      project: { type: "string" },
      threshold: { type: "string" },
      linkage: { type: "string" },
      offline: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  });
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) throw new Error("--threshold must be a number between 0 and 1");
  const linkage = values.linkage as (typeof LINKAGES)[number] | undefined;
  if (linkage !== undefined && !LINKAGES.includes(linkage)) throw new Error(`--linkage must be one of ${LINKAGES.join(", ")}`);
  const project = values.project ? await getOrCreateProject({ name: values.project }) : await getOrCreateDefaultProject();
  let llm: Promise<LlmClient> | undefined;
  const result = await consolidateProject(
    { projectId: project.id, method: values.offline ? "offline" : "llm", threshold, linkage, actor: "cli" },
    { embedder: await getConfiguredEmbedder(), llm: () => (llm ??= getConfiguredLlmClient()) },
  );
  if (values.json) {
    console.log(JSON.stringify({ clusters: result.clusters, proposals: result.proposals, autoAccepted: result.autoAccepted, llmCalls: result.llmCalls, tokens: result.tokens, costUsd: result.costUsd }));
    return 0;
  }
  for (const cluster of result.clusters.filter((c) => c.size > 1)) console.log(`cluster ${cluster.id} (${cluster.size} tips): ${cluster.canonicalDescription}`);
  for (const proposal of result.proposals) console.log(`${proposal.kind.padEnd(8)} ${proposal.id}  tips ${proposal.tipIds.join(", ")}${proposal.rule ? `  rule ${proposal.rule}` : ""}`);
  const singles = result.clusters.filter((c) => c.size <= 1).length;
  console.log(`\n${result.clusters.length} clusters (${singles} with a single tip), ${result.proposals.length} new proposal(s), ${result.autoAccepted} auto-accepted; ${result.llmCalls} LLM calls, ${result.tokens} tokens`);
  for (const issue of result.issues) console.log(`note (${issue.stage}): ${issue.message}`);
  return 0;
}

/** `proposals accept|reject|revert ID… [--note TEXT]` */
export async function proposalsCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { note: { type: "string" } } });
  const decide = { accept: acceptProposal, reject: rejectProposal, revert: revertProposal }[sub as "accept" | "reject" | "revert"];
  if (!decide || positionals.length === 0) {
    console.error("Usage: npm run cli -- proposals accept|reject|revert ID… [--note TEXT]");
    return 2;
  }
  let failures = 0;
  for (const id of positionals) {
    try {
      const decided = await decide({ id, actor: "cli", note: values.note ?? null });
      console.log(`✓ ${id}: ${decided.status}${decided.resultTipId ? ` → tip ${decided.resultTipId}` : ""}`);
    } catch (error) {
      failures++;
      console.error(`✗ ${id}: ${(error as { userMessage?: string }).userMessage ?? (error as Error).message}`);
    }
  }
  return failures > 0 ? 1 : 0;
}
