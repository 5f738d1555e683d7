// Retrieval for a new task (paper §3.3), the one use-case behind POST /api/v1/retrieve, the CLI
// and the Retrieval page: settings (request > project > defaults) → optional LLM-guided selection
// (falls back to cosine, and says so) → embed → nearest descriptions → rank → guidelines → log.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createRetrievalLog } from "../db/retrieval-logs";
import { listTipVocabulary } from "../db/retrieval-tips";
import type { EmbeddingClient } from "../embeddings/types";
import { isAppError, toUserMessage } from "../errors";
import type { LlmClient } from "../llm/types";
import { normalizeApplication, retrievableStatuses, type CandidateDecision, type RankedCandidate, type RankOptions } from "./rank";
import { renderGuidelines } from "./render-guidelines";
import type { FallbackReason, LlmSelection, RetrievalOverrides, RetrievalSource, RetrieveResponse, RetrievedTip } from "./schema";
import { searchCandidates, type Candidate } from "./search-candidates";
import { selectQuery } from "./selection/select-query";
import { getProjectRetrievalSettings, resolveRetrievalSettings } from "./settings";

export interface RetrieveInput {
  projectId: string;
  task: string;
  overrides?: RetrievalOverrides;
  source: RetrievalSource;
  apiKeyId?: string | null;
  /** Also return every candidate with why it was (not) selected (the playground); see searchCandidates. */
  explain?: { candidateLimit?: number };
  /** The Retrieval page's approved-only switch: overrides the project setting for this retrieval (the agent API cannot). */
  approvedOnly?: boolean;
}

export interface RetrieveDeps {
  embedder: EmbeddingClient;
  /** Built only when LLM-guided selection runs; a throw here is a fallback, not a failure. */
  llm: () => Promise<LlmClient>;
}

/** One candidate as the playground shows it. `decision` "selected" with `injected` false = dropped by the token budget. */
export interface ExplainedCandidate {
  tip: Omit<RetrievedTip, "rank"> & { status: string; indexDescription: string };
  /** Position among the selected tips; null when not selected. */
  rank: number | null;
  decision: CandidateDecision;
  injected: boolean;
}

export interface RetrievalResult extends RetrieveResponse {
  /** Only with `explain`: every candidate, in ranking order. */
  candidates?: ExplainedCandidate[];
}

type Guidance = { selection: LlmSelection; ignoredApplications: string[]; llmCallId: string } | { fallback: { reason: FallbackReason; message: string } };

export async function retrieve(input: RetrieveInput, deps: RetrieveDeps): Promise<RetrievalResult> {
  const started = performance.now();
  const settings = {
    ...resolveRetrievalSettings(await getProjectRetrievalSettings({ projectId: input.projectId }), input.overrides ?? {}),
    ...(input.approvedOnly !== undefined && { approvedOnly: input.approvedOnly }),
  };
  const guidance = settings.strategy === "llm" ? await guide(input, settings.approvedOnly, deps) : null;
  const guided = guidance && "selection" in guidance ? guidance : null;
  const selection = guided?.selection ?? null;
  const applications = settings.application ? [settings.application] : selection?.applications.length ? selection.applications : null;
  const rank: RankOptions = {
    threshold: settings.threshold,
    topK: settings.topK,
    granularity: settings.granularity,
    applications,
    approvedOnly: settings.approvedOnly,
    scoring: selection ? { kind: "priority_weighted", categoryPriorities: selection.categoryPriorities } : { kind: "similarity" },
  };
  const queries = [input.task, ...(selection?.rewrittenQuery ? [selection.rewrittenQuery] : [])];
  const vectors = await deps.embedder.embed(queries);
  const { ranked, truncated } = await searchCandidates({ projectId: input.projectId, vectors, embedder: deps.embedder, rank, explain: input.explain });
  const rendered = renderGuidelines(ranked.selected.map((candidate) => candidate.tip), { template: settings.template, maxTokens: settings.maxTokens });
  const injected = ranked.selected.slice(0, rendered.included);
  const tips = injected.map((candidate) => toRetrievedTip(candidate.tip, candidate.score, candidate.rank!));
  const strategy = selection ? "llm" : "cosine";
  const fallback = guidance && "fallback" in guidance ? guidance.fallback : undefined;
  const retrievalId = randomUUID();
  const latencyMs = Math.round(performance.now() - started);
  const scope = distinctApplications([...(applications ?? []), ...(selection?.applications ?? []), ...injected.map((candidate) => candidate.tip.application)]);

  await createRetrievalLog({
    id: retrievalId,
    projectId: input.projectId,
    source: input.source,
    task: input.task,
    strategy,
    requestedStrategy: settings.strategy,
    fallbackReason: fallback?.reason ?? null,
    threshold: settings.threshold,
    topK: settings.topK,
    settings: {
      ...settings,
      ...(guided && { selection: guided.selection, ignoredApplications: guided.ignoredApplications, llmCallId: guided.llmCallId }),
      ...(fallback && { fallback }),
      candidates: ranked.candidates.length,
      truncated,
      budget: { tokens: rendered.tokens, dropped: rendered.dropped },
      ...(input.explain && { explain: true }),
    },
    results: ranked.selected.map((candidate, i) => ({ id: candidate.tip.id, rank: candidate.rank, score: candidate.score, similarity: candidate.tip.similarity, injected: i < rendered.included })),
    tipIds: ranked.selected.map((candidate) => candidate.tip.id),
    injectedTipIds: injected.map((candidate) => candidate.tip.id),
    applications: scope,
    apiKeyId: input.apiKeyId ?? null,
    latencyMs,
  });

  return {
    retrievalId,
    strategy,
    requestedStrategy: settings.strategy,
    ...(fallback && { fallback }),
    ...(selection && { selection }),
    settings,
    tips,
    guidelines: rendered.text,
    budget: { maxTokens: settings.maxTokens, tokens: rendered.tokens, dropped: rendered.dropped },
    latencyMs,
    truncated,
    ...(input.explain && { candidates: ranked.candidates.map((candidate) => explainCandidate(candidate, rendered.included)) }),
  };
}

/** The one LLM call of LLM-guided selection; any failure (not configured, provider error, bad output) falls back to cosine. */
async function guide(input: RetrieveInput, approvedOnly: boolean, deps: RetrieveDeps): Promise<Guidance> {
  try {
    const vocabulary = await listTipVocabulary({ projectId: input.projectId, statuses: retrievableStatuses(approvedOnly) as ("approved" | "proposed")[] });
    const llm = await deps.llm();
    const result = await selectQuery({ task: input.task, ...vocabulary, projectId: input.projectId }, { llm });
    return { selection: result.selection, ignoredApplications: result.ignoredApplications, llmCallId: result.call.callId };
  } catch (error) {
    const reason: FallbackReason = isAppError(error) && error.code === "LLM_NOT_CONFIGURED" ? "llm_not_configured" : "llm_failed";
    if (reason === "llm_failed") console.warn(`[retrieval] LLM-guided selection failed; using cosine retrieval: ${error instanceof Error ? error.message : String(error)}`);
    const message = isAppError(error) ? error.userMessage : toUserMessage(error);
    return { fallback: { reason, message: `LLM-guided selection unavailable, cosine retrieval used instead: ${message}` } };
  }
}

function explainCandidate(candidate: RankedCandidate<Candidate>, included: number): ExplainedCandidate {
  const { rank: _rank, ...tip } = toRetrievedTip(candidate.tip, candidate.score, 0);
  return {
    tip: { ...tip, status: candidate.tip.status, indexDescription: candidate.tip.indexDescription },
    rank: candidate.rank,
    decision: candidate.decision,
    injected: candidate.rank !== null && candidate.rank <= included,
  };
}

function toRetrievedTip(tip: Candidate, score: number, rank: number): RetrievedTip {
  return {
    id: tip.id,
    rank,
    score,
    similarity: tip.similarity,
    category: tip.category,
    priority: tip.priority,
    content: tip.content,
    purpose: tip.purpose,
    steps: tip.steps,
    trigger: tip.trigger,
    negativeExample: tip.negativeExample,
    application: tip.application,
    taskCategory: tip.taskCategory,
    granularity: tip.granularity,
  };
}

function distinctApplications(names: (string | null | undefined)[]): string[] {
  return [...new Set(names.map(normalizeApplication).filter((name): name is string => name !== null))];
}
