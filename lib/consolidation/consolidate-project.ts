// Consolidation of a project's tips, end to end: generalize the descriptions tips are indexed by,
// embed and cluster them, write the clusters, then propose merges / conflict resolutions /
// keep-separate decisions — proposals only: no tip changes until a reviewer (or the project's
// opt-in auto-accept policy, for unreviewed proposals only) accepts one.
import { listConsolidationTips, createConsolidationRun, finishConsolidationRun, replaceClusters, setCanonicalDescription, type ClusterMember, type ConsolidationTip } from "../db/clusters";
import { getDb } from "../db/client";
import { listDistinctPairs, saveProposals, type NewProposal } from "../db/proposals";
import { reindexTips } from "../retrieval/index-tips";
import { acceptConsolidationProposal } from "./decide-proposal";
import { ensureVectorIndexOnce, upsertEmbeddings } from "../db/vectors";
import { textChecksum, type EmbeddingClient } from "../embeddings";
import type { LlmClient } from "../llm/types";
import { sumCalls, type LlmCallInfo } from "../extraction/llm-call";
import { clusterVectors, type Linkage } from "./cluster/cluster";
import { generalizeDescriptions } from "./generalize/generalize-descriptions";
import { normalizeDescription } from "./generalize/normalize-description";
import type { ConsolidationIssue } from "./llm-stage";
import { mergeCluster } from "./merge/merge-cluster";
import { proposeOfflineMerges } from "./merge/offline-merge";
import { pairKey, pairsOf, type ProposalKind, type ProposedTip } from "./proposal";

export type ConsolidationMethod = "llm" | "offline";

export interface ConsolidateProjectInput {
  projectId: string;
  method: ConsolidationMethod;
  threshold?: number;
  linkage?: Linkage;
  actor: string;
  jobId?: string | null;
}

export interface ConsolidationDepsFull {
  embedder: EmbeddingClient;
  llm: () => Promise<LlmClient>;
}

export interface ConsolidationProgress {
  setTotal?(total: number): Promise<void> | void;
  advance?(by: number, message?: string): Promise<void> | void;
  signal?: AbortSignal;
}

export interface ConsolidationResult {
  runId: string;
  clusters: { id: string; canonicalDescription: string; size: number; tipIds: string[] }[];
  proposals: { id: string; kind: ProposalKind; tipIds: string[]; rule?: string }[];
  autoAccepted: number;
  issues: ConsolidationIssue[];
  llmCalls: number;
  tokens: number;
  costUsd: number | null;
}

/** A description tips are indexed by, generalized, and the tips that share it. */
interface DescriptionUnit {
  generalized: string;
  descriptions: string[];
  tipIds: string[];
}

export async function consolidateProject(input: ConsolidateProjectInput, deps: ConsolidationDepsFull, progress: ConsolidationProgress = {}): Promise<ConsolidationResult> {
  const project = await getDb().project.findUniqueOrThrow({ where: { id: input.projectId } });
  const threshold = input.threshold ?? project.consolidationThreshold;
  const linkage = input.linkage ?? (project.consolidationLinkage as Linkage);
  const run = await createConsolidationRun({
    projectId: input.projectId,
    mode: "full",
    threshold,
    linkage,
    model: deps.embedder.model,
    method: input.method,
    jobId: input.jobId ?? null,
    actor: input.actor,
  });
  const calls: LlmCallInfo[] = [];
  const issues: ConsolidationIssue[] = [];
  try {
    const tips = await listConsolidationTips({ projectId: input.projectId });
    const llm = input.method === "llm" ? await deps.llm() : null;
    const units = await generalizeUnits(tips, { projectId: input.projectId, llm, calls, issues });
    const vectors = units.length > 0 ? await deps.embedder.embed(units.map((unit) => unit.generalized)) : [];
    const clustering = clusterVectors({ vectors, threshold, linkage });
    const planned = clustering.clusters.map((cluster) => {
      const members: ClusterMember[] = cluster.members.map((index) => ({
        description: units[index]!.descriptions[0]!,
        generalized: units[index]!.generalized,
        tipIds: units[index]!.tipIds,
      }));
      return {
        canonicalDescription: units[cluster.medoid]!.generalized,
        canonicalSource: "medoid" as const,
        members,
        minSimilarity: cluster.members.length > 1 ? cluster.minSimilarity : null,
        meanSimilarity: cluster.members.length > 1 ? cluster.meanSimilarity : null,
      };
    });
    const clusterIds = await replaceClusters({ projectId: input.projectId, runId: run.id, clusters: planned });
    const tipCluster = new Map<string, string>();
    planned.forEach((cluster, i) => cluster.members.forEach((member) => member.tipIds.forEach((tipId) => tipCluster.set(tipId, clusterIds[i]!))));

    const distinct = await listDistinctPairs({ projectId: input.projectId });
    const tipById = new Map(tips.map((tip) => [tip.id, tip]));
    const proposals: NewProposal[] = [];
    if (llm) {
      const multi = planned.map((cluster, i) => ({ cluster, id: clusterIds[i]! })).filter(({ cluster }) => cluster.members.reduce((n, m) => n + m.tipIds.length, 0) > 1);
      await progress.setTotal?.(multi.length);
      let failedClusters = 0;
      for (const { cluster, id } of multi) {
        if (progress.signal?.aborted) break;
        const clusterTips = cluster.members.flatMap((member) => member.tipIds.map((tipId) => tipById.get(tipId)!));
        let merged: Awaited<ReturnType<typeof mergeCluster>>;
        try {
          merged = await mergeCluster(
            { clusterDescriptions: cluster.members.map((member) => member.generalized), tips: clusterTips },
            { projectId: input.projectId },
            { llm },
          );
        } catch (error) {
          // One cluster the model keeps failing on is reported; the others still get their proposals.
          failedClusters++;
          issues.push({ stage: "merge", message: `Cluster "${cluster.canonicalDescription}" was not merged: ${(error as { userMessage?: string }).userMessage ?? String(error)}` });
          await progress.advance?.(1, cluster.canonicalDescription.slice(0, 60));
          if (failedClusters === multi.length) throw error; // nothing worked: fail the run so the job is retried
          continue;
        }
        calls.push(...merged.calls);
        issues.push(...merged.issues);
        await setCanonicalDescription({ id, canonicalDescription: merged.canonicalDescription });
        planned[clusterIds.indexOf(id)]!.canonicalDescription = merged.canonicalDescription;
        for (const merge of merged.merges) {
          if (merge.sourceTipIds.length < 2 || allPairsDistinct(merge.sourceTipIds, distinct)) continue;
          proposals.push({ kind: "merge", origin: "llm", clusterId: id, sourceTipIds: merge.sourceTipIds, proposedTip: merge.tip, rationale: merge.rationale, diff: merge.diff });
        }
        for (const conflict of merged.conflicts) {
          if (distinct.has(pairKey(conflict.winnerId, conflict.loserId))) continue;
          const winner = tipById.get(conflict.winnerId)!;
          proposals.push({
            kind: "conflict",
            origin: "llm",
            clusterId: id,
            sourceTipIds: [conflict.winnerId, conflict.loserId],
            proposedTip: toProposedTip(winner),
            rule: conflict.rule,
            rationale: conflict.reason,
          });
        }
        for (const keep of merged.keepSeparate) {
          if (keep.tipIds.length < 2 || allPairsDistinct(keep.tipIds, distinct)) continue;
          proposals.push({ kind: "keep", origin: "llm", clusterId: id, sourceTipIds: keep.tipIds, proposedTip: {}, rationale: keep.reason });
        }
        await progress.advance?.(1, cluster.canonicalDescription.slice(0, 60));
      }
    } else {
      const contentVectors = tips.length > 0 ? await deps.embedder.embed(tips.map((tip) => `${tip.content}\n${tip.purpose}`)) : [];
      const merges = proposeOfflineMerges({ tips, vectors: contentVectors, distinctPairs: distinct });
      for (const merge of merges) {
        const clusters = new Set(merge.sourceTipIds.map((tipId) => tipCluster.get(tipId)));
        const clusterId = clusters.size === 1 ? ([...clusters][0] ?? null) : null;
        proposals.push({ kind: "merge", origin: "offline", clusterId, sourceTipIds: merge.sourceTipIds, proposedTip: merge.tip, rationale: merge.rationale, diff: merge.diff });
      }
    }
    const proposalIds = await saveProposals({ projectId: input.projectId, runId: run.id, proposals });
    await embedCanonicalDescriptions(input.projectId, clusterIds, planned.map((cluster) => cluster.canonicalDescription), deps.embedder);
    const autoAccepted = project.autoAcceptMerges ? await autoAcceptUnreviewedMerges(proposalIds, tipById) : 0;
    // Subtask tips are retrieved by their cluster's canonical description, which this run rewrote.
    await reindexTips({ projectId: input.projectId }, { embedder: deps.embedder });

    const totals = sumCalls(calls);
    const saved = await getDb().mergeProposal.findMany({ where: { id: { in: proposalIds } }, orderBy: { createdAt: "asc" } });
    const result: ConsolidationResult = {
      runId: run.id,
      clusters: planned.map((cluster, i) => ({
        id: clusterIds[i]!,
        canonicalDescription: cluster.canonicalDescription,
        size: cluster.members.reduce((n, m) => n + m.tipIds.length, 0),
        tipIds: cluster.members.flatMap((member) => member.tipIds),
      })),
      proposals: saved.map((p) => ({ id: p.id, kind: p.kind as ProposalKind, tipIds: p.sourceTipIds, ...(p.rule && { rule: p.rule }) })),
      autoAccepted,
      issues,
      llmCalls: totals.calls,
      tokens: totals.usage.inputTokens + totals.usage.outputTokens,
      costUsd: totals.costUsd,
    };
    await finishConsolidationRun({
      id: run.id,
      status: "succeeded",
      stats: {
        tips: tips.length,
        descriptions: units.length,
        clusters: planned.length,
        multiMemberClusters: planned.filter((c) => c.members.length > 1).length,
        clusteringMethod: clustering.method,
        proposals: proposalIds.length,
        autoAccepted,
        llmCalls: totals.calls,
        cachedCalls: totals.cachedCalls,
        tokens: result.tokens,
        costUsd: totals.costUsd,
        issues,
      },
    });
    return result;
  } catch (error) {
    await finishConsolidationRun({ id: run.id, status: "failed", error: (error as { userMessage?: string }).userMessage ?? String(error) });
    throw error;
  }
}

/** Groups tips by index description, generalizes each distinct one (LLM or offline), then groups equal generalizations. */
async function generalizeUnits(
  tips: ConsolidationTip[],
  context: { projectId: string; llm: LlmClient | null; calls: LlmCallInfo[]; issues: ConsolidationIssue[] },
): Promise<DescriptionUnit[]> {
  const byDescription = new Map<string, string[]>();
  for (const tip of tips) byDescription.set(tip.indexDescription, [...(byDescription.get(tip.indexDescription) ?? []), tip.id]);
  const descriptions = [...byDescription.keys()];
  const keepNames = [...new Set(tips.map((tip) => tip.application).filter((app): app is string => Boolean(app)))];
  let generalizedOf: (description: string, index: number) => string = (description) => normalizeDescription(description, { keepNames });
  if (context.llm && descriptions.length > 0) {
    const result = await generalizeDescriptions(
      descriptions.map((text, i) => ({ id: String(i), text })),
      { projectId: context.projectId, keepNames },
      { llm: context.llm },
    );
    context.calls.push(...result.calls);
    context.issues.push(...result.issues);
    generalizedOf = (description, index) => result.generalized.get(String(index)) ?? normalizeDescription(description, { keepNames });
  }
  const units = new Map<string, DescriptionUnit>();
  descriptions.forEach((description, index) => {
    const generalized = generalizedOf(description, index) || description;
    const unit = units.get(generalized) ?? { generalized, descriptions: [], tipIds: [] };
    unit.descriptions.push(description);
    unit.tipIds.push(...byDescription.get(description)!);
    units.set(generalized, unit);
  });
  return [...units.values()];
}

function toProposedTip(tip: ConsolidationTip): ProposedTip {
  const { category, content, purpose, steps, trigger, negativeExample, application, taskCategory, priority } = tip;
  return { category, content, purpose, steps, trigger, negativeExample, application, taskCategory, priority };
}

function allPairsDistinct(tipIds: string[], distinct: Set<string>): boolean {
  return pairsOf(tipIds).every(([a, b]) => distinct.has(pairKey(a, b)));
}

async function embedCanonicalDescriptions(projectId: string, clusterIds: string[], texts: string[], embedder: EmbeddingClient): Promise<void> {
  if (clusterIds.length === 0) return;
  const vectors = await embedder.embed(texts);
  await ensureVectorIndexOnce(embedder);
  await upsertEmbeddings(
    clusterIds.map((ownerId, i) => ({
      projectId,
      ownerType: "cluster",
      ownerId,
      model: embedder.model,
      dimension: embedder.dimension,
      checksum: textChecksum({ model: embedder.model, dimension: embedder.dimension, text: texts[i]! }),
      vector: vectors[i]!,
    })),
  );
}

/** The opt-in policy: merges whose sources nobody has reviewed yet (all still proposed). */
async function autoAcceptUnreviewedMerges(proposalIds: string[], tipById: Map<string, ConsolidationTip>): Promise<number> {
  const proposals = await getDb().mergeProposal.findMany({ where: { id: { in: proposalIds }, kind: "merge" }, orderBy: { createdAt: "asc" } });
  let accepted = 0;
  for (const proposal of proposals) {
    if (!proposal.sourceTipIds.every((tipId) => tipById.get(tipId)?.status === "proposed")) continue;
    try {
      await acceptConsolidationProposal({ id: proposal.id, actor: "auto-accept policy" });
      accepted++;
    } catch {
      // A source already taken by an earlier merge of this run: leave the proposal for a person.
    }
  }
  return accepted;
}
