"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { RetrievalResult } from "@/lib/retrieval/retrieve";
import { SaveDefaults } from "./save-defaults";
import { ScoreHistogram } from "./score-histogram";
import { SettingsPanel } from "./settings-panel";
import type { ColumnSettings, ProjectRetrievalSettings } from "./types";
import type { usePlaygroundCut } from "./use-playground";

type Column = ReturnType<typeof usePlaygroundCut>;

type CompareViewProps = {
  projectId: string;
  defaults: ProjectRetrievalSettings;
  isLlmConfigured: boolean;
  a: ColumnSettings;
  b: ColumnSettings;
  onA: (value: ColumnSettings) => void;
  onB: (value: ColumnSettings) => void;
  onClose: () => void;
  columnA: Column;
  columnB: Column;
  hasTask: boolean;
};

/** Two settings side by side on the same task and filters: both selected sets and their overlap. */
export function CompareView({ projectId, defaults, isLlmConfigured, a, b, onA, onB, onClose, columnA, columnB, hasTask }: CompareViewProps) {
  const selectedA = columnA.cut?.selectedIds ?? [];
  const selectedB = columnB.cut?.selectedIds ?? [];
  const inB = new Set(selectedB);
  const inA = new Set(selectedA);
  const both = selectedA.filter((id) => inB.has(id));
  const contents = new Map([...(columnA.result?.candidates ?? []), ...(columnB.result?.candidates ?? [])].map((candidate) => [candidate.tip.id, candidate.tip.content]));
  return (
    <div className="space-y-4" data-testid="compare-view">
      <div className="grid gap-4 lg:grid-cols-2">
        {([["A", a, onA, columnA, ""], ["B", b, onB, columnB, "b-"]] as const).map(([label, settings, onChange, column, prefix]) => (
          <Card key={label} data-testid={`compare-column-${label.toLowerCase()}`}>
            <CardHeader>
              <CardTitle>Settings {label}</CardTitle>
              {label === "A" ? (
                <Button size="sm" variant="ghost" onClick={onClose} data-testid="compare-close">
                  Stop comparing
                </Button>
              ) : null}
            </CardHeader>
            <CardBody className="space-y-4">
              <SettingsPanel prefix={prefix} value={settings} onChange={onChange} isLlmConfigured={isLlmConfigured} />
              <SaveDefaults projectId={projectId} settings={settings} defaults={defaults} label={`Save ${label} as project default`} testId={`${prefix}save-defaults`} />
              {hasTask ? <ColumnResult column={column} threshold={settings.threshold} prefix={prefix} others={label === "A" ? inB : inA} /> : null}
            </CardBody>
          </Card>
        ))}
      </div>
      {hasTask ? (
        <Card data-testid="compare-overlap">
          <CardHeader>
            <CardTitle>Overlap</CardTitle>
            <span className="text-xs text-zinc-500">
              {both.length} in both · {selectedA.length - both.length} only in A · {selectedB.length - both.length} only in B
            </span>
          </CardHeader>
          <CardBody className="grid gap-4 text-xs md:grid-cols-3">
            <TipList title="In both" ids={both} contents={contents} testId="overlap-both" />
            <TipList title="Only A" ids={selectedA.filter((id) => !inB.has(id))} contents={contents} testId="overlap-only-a" />
            <TipList title="Only B" ids={selectedB.filter((id) => !inA.has(id))} contents={contents} testId="overlap-only-b" />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}

function ColumnResult({ column, threshold, prefix, others }: { column: Column; threshold: number; prefix: string; others: ReadonlySet<string> }) {
  const { query, result, cut } = column;
  if (query.isError && !result) return <p role="alert" className="text-sm text-red-700">{query.error.message}</p>;
  if (!result || !cut) return <div className="h-32 animate-pulse rounded-md bg-zinc-100" aria-label="Retrieving" />;
  return (
    <div className="space-y-3">
      <Fallback result={result} />
      <ScoreHistogram candidates={cut.rows.map((row) => ({ similarity: row.candidate.tip.similarity, isSelected: row.decision === "selected" }))} threshold={threshold} testId={`${prefix}score-histogram`} />
      <p className="text-xs text-zinc-500" data-testid={`${prefix}selected-count`} data-count={cut.selectedIds.length}>
        {cut.selectedIds.length} selected
      </p>
      <ol className="space-y-1 text-xs" data-testid={`${prefix}selected-list`}>
        {cut.rows
          .filter((row) => row.decision === "selected")
          .map((row) => (
            <li key={row.candidate.tip.id} className="flex items-start gap-2" data-tip-id={row.candidate.tip.id}>
              <span className="w-5 shrink-0 text-right tabular-nums text-zinc-400">{row.rank}.</span>
              <span className="line-clamp-2 flex-1 text-zinc-800">{row.candidate.tip.content}</span>
              <span className="tabular-nums text-zinc-500">{row.score.toFixed(3)}</span>
              {others.has(row.candidate.tip.id) ? <Badge tone="accent">both</Badge> : null}
            </li>
          ))}
      </ol>
    </div>
  );
}

function Fallback({ result }: { result: RetrievalResult }) {
  if (!result.fallback) return null;
  return <p className="rounded-md border border-amber-200 bg-amber-50 px-2 py-1 text-xs text-amber-900">{result.fallback.message}</p>;
}

function TipList({ title, ids, contents, testId }: { title: string; ids: string[]; contents: Map<string, string>; testId: string }) {
  return (
    <div data-testid={testId} data-count={ids.length}>
      <h3 className="mb-1 font-medium text-zinc-700">
        {title} ({ids.length})
      </h3>
      {ids.length === 0 ? (
        <p className="text-zinc-400">None</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-4 text-zinc-700">
          {ids.map((id) => (
            <li key={id} className="line-clamp-2">
              {contents.get(id) ?? id}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
