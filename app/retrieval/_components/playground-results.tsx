"use client";

import Link from "next/link";
import { useMemo } from "react";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { GuidelinesTemplate } from "@/lib/retrieval/schema";
import { CandidateTable } from "./candidate-table";
import { GuidelinesPanel } from "./guidelines-panel";
import { ScoreHistogram } from "./score-histogram";
import type { ColumnSettings } from "./types";
import { useGuidelines, type usePlaygroundCut } from "./use-playground";

type PlaygroundResultsProps = {
  projectId: string;
  column: ReturnType<typeof usePlaygroundCut>;
  settings: ColumnSettings;
  template: GuidelinesTemplate;
  projectTemplate: GuidelinesTemplate;
  onTemplate: (template: GuidelinesTemplate) => void;
  title: string;
  /** Off in compare mode, where each column draws its own. */
  showHistogram?: boolean;
};

/** Every candidate with its decision, the histogram with the τ line, and the guidelines block. */
export function PlaygroundResults({ projectId, column, settings, template, projectTemplate, onTemplate, title, showHistogram = true }: PlaygroundResultsProps) {
  const { query, result, cut } = column;
  const maxTokens = result?.settings.maxTokens ?? null;
  const guidelines = useGuidelines({ projectId, selectedIds: cut?.selectedIds ?? [], template, maxTokens });
  const contentById = useMemo(() => new Map((result?.candidates ?? []).map((candidate) => [candidate.tip.id, candidate.tip.content])), [result]);
  const preview = guidelines.query.data;
  const droppedIds = useMemo(() => new Set(guidelines.isUpdating ? [] : (preview?.droppedTipIds ?? [])), [preview, guidelines.isUpdating]);

  if (query.isError && !result) {
    return (
      <p role="alert" className="text-sm text-red-700" data-testid="retrieval-error">
        {query.error.message}
      </p>
    );
  }
  if (!result || !cut) return <div className="h-40 animate-pulse rounded-lg bg-zinc-100" aria-label="Retrieving" data-testid="retrieval-loading" />;
  const candidates = result.candidates ?? [];
  const isStale = query.isFetching || query.isPlaceholderData;
  return (
    <div className="space-y-4" data-testid="retrieval-results" data-stale={isStale} data-retrieval-id={result.retrievalId}>
      {result.fallback ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="retrieval-fallback">
          {result.fallback.message}
        </p>
      ) : null}
      {result.selection ? (
        <p className="rounded-md border border-accent-200 bg-accent-50 px-3 py-2 text-xs text-accent-800" data-testid="llm-selection">
          LLM-guided: applications {result.selection.applications.length > 0 ? result.selection.applications.join(", ") : "any"}
          {result.selection.taskCategory ? ` · task category ${result.selection.taskCategory}` : ""} · priorities strategy {result.selection.categoryPriorities.strategy}, recovery {result.selection.categoryPriorities.recovery}, optimization{" "}
          {result.selection.categoryPriorities.optimization}
          {result.selection.rewrittenQuery ? ` · also searched “${result.selection.rewrittenQuery}”` : ""}. {result.selection.rationale}
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <span className="text-xs text-zinc-500" data-testid="selected-count" data-count={cut.selectedIds.length}>
            {isStale ? "Retrieving… · " : ""}
            {cut.selectedIds.length} of {candidates.length} candidates selected · retrieved in {result.latencyMs} ms
          </span>
        </CardHeader>
        <CardBody className="space-y-4">
          {candidates.length === 0 ? (
            <p className="text-sm text-zinc-600" data-testid="no-candidates">
              No tip of this project is indexed for retrieval yet. Approved tips are indexed when they are approved; check <Link href="/jobs" className="text-accent-700 hover:underline">Jobs</Link> for a reindex.
            </p>
          ) : (
            <>
              {showHistogram ? (
                <ScoreHistogram
                  candidates={cut.rows.map((row) => ({ similarity: row.candidate.tip.similarity, isSelected: row.decision === "selected" }))}
                threshold={settings.threshold}
                  note={result.selection ? "LLM-guided ranking orders by similarity × priority weights; τ applies to the similarity." : undefined}
                />
              ) : null}
              <CandidateTable rows={cut.rows} context={cut.context} droppedIds={droppedIds} maxTokens={maxTokens} />
            </>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Guidelines block</CardTitle>
          <span className="text-xs text-zinc-500">What the agent puts in its prompt, after the task and before its instructions.</span>
        </CardHeader>
        <CardBody>
          <GuidelinesPanel
            preview={preview}
            isUpdating={guidelines.isUpdating}
            error={guidelines.query.error}
            selectedCount={cut.selectedIds.length}
            template={template}
            projectTemplate={projectTemplate}
            onTemplate={onTemplate}
            maxTokens={maxTokens}
            contentOf={(id) => contentById.get(id) ?? id}
          />
        </CardBody>
      </Card>
    </div>
  );
}
