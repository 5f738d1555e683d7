"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { decisionReason, type DecisionContext } from "@/lib/retrieval/decisions";
import type { RankedRow } from "./rerank";

const FIRST_ROWS = 60;

const DECISION_TONES: Record<string, BadgeTone> = {
  selected: "success",
  below_threshold: "neutral",
  beyond_top_k: "warning",
  status: "neutral",
  granularity: "neutral",
  application: "neutral",
};

type CandidateTableProps = {
  rows: RankedRow[];
  context: DecisionContext;
  /** Selected tips the token budget left out of the guidelines block. */
  droppedIds: ReadonlySet<string>;
  maxTokens: number | null;
};

/** Every candidate in ranking order: score, metadata, and whether it made the cut — and why not. */
export function CandidateTable({ rows, context, droppedIds, maxTokens }: CandidateTableProps) {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const shown = isShowingAll ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-md ring-1 ring-zinc-200">
        <table className="w-full text-left text-xs" data-testid="candidate-table">
          <thead className="bg-zinc-50 text-zinc-600">
            <tr>
              <th className="px-2 py-1.5 font-medium">#</th>
              <th className="px-2 py-1.5 font-medium">Tip</th>
              <th className="px-2 py-1.5 text-right font-medium">Score</th>
              <th className="px-2 py-1.5 font-medium">Category</th>
              <th className="px-2 py-1.5 font-medium">Priority</th>
              <th className="px-2 py-1.5 font-medium">Application</th>
              <th className="px-2 py-1.5 font-medium">Granularity</th>
              <th className="px-2 py-1.5 font-medium">Status</th>
              <th className="px-2 py-1.5 font-medium">Decision</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {shown.map((row, index) => {
              const { tip } = row.candidate;
              const isDropped = row.decision === "selected" && droppedIds.has(tip.id);
              const reason = isDropped ? `selected (#${row.rank}), dropped by the ${maxTokens}-token budget` : decisionReason({ ...row, similarity: tip.similarity, status: tip.status, granularity: tip.granularity, application: tip.application }, context);
              return (
                <tr
                  key={tip.id}
                  className={cn(row.decision === "selected" ? "bg-emerald-50/50" : "text-zinc-600")}
                  data-testid="candidate-row"
                  data-tip-id={tip.id}
                  data-decision={isDropped ? "dropped" : row.decision}
                >
                  <td className="px-2 py-1.5 tabular-nums text-zinc-500">{index + 1}</td>
                  <td className="max-w-md px-2 py-1.5">
                    <Link href={`/tips/${tip.id}`} className="line-clamp-2 text-zinc-900 hover:text-accent-700 hover:underline" title={tip.content}>
                      {tip.content}
                    </Link>
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums">
                    {row.score.toFixed(3)}
                    {Math.abs(row.score - tip.similarity) > 5e-4 ? <span className="block text-zinc-400" title="Cosine similarity before the priority weights">sim {tip.similarity.toFixed(3)}</span> : null}
                  </td>
                  <td className="px-2 py-1.5">{tip.category}</td>
                  <td className="px-2 py-1.5">{tip.priority}</td>
                  <td className="px-2 py-1.5">{tip.application ?? <span className="text-zinc-400">generic</span>}</td>
                  <td className="px-2 py-1.5">{tip.granularity}</td>
                  <td className="px-2 py-1.5">{tip.status}</td>
                  <td className="px-2 py-1.5">
                    <Badge tone={isDropped ? "warning" : (DECISION_TONES[row.decision] ?? "neutral")} data-testid="candidate-reason">
                      {reason}
                    </Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length > FIRST_ROWS ? (
        <Button size="sm" variant="ghost" onClick={() => setIsShowingAll((value) => !value)}>
          {isShowingAll ? `Show the first ${FIRST_ROWS}` : `Show all ${rows.length} candidates`}
        </Button>
      ) : null}
    </div>
  );
}
