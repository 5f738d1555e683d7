"use client";

import { Select } from "@/components/ui/select";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { KIND_LABEL, STATUS_LABEL } from "./proposal-badges";
import { ProposalRows } from "./proposal-list";
import { PROPOSAL_KIND_VALUES, PROPOSAL_STATUSES, type ProposalCounts, type ProposalKindValue, type ProposalListItem, type ProposalStatus } from "./types";

type ProposalQueueProps = {
  proposals: ProposalListItem[];
  counts: ProposalCounts;
  status: ProposalStatus | "all";
  /** Fixed for the conflicts queue; otherwise chosen in the filter. */
  kind: ProposalKindValue | undefined;
  isConflictQueue: boolean;
  onFilters: (patch: { kind?: ProposalKindValue | null; status?: ProposalStatus | "all" }) => void;
};

/** Proposals by status (with the project's counts) and kind; the conflicts queue is kind = conflict. */
export function ProposalQueue({ proposals, counts, status, kind, isConflictQueue, onFilters }: ProposalQueueProps) {
  const effectiveKind = isConflictQueue ? "conflict" : kind;
  const shown = proposals.filter((p) => (status === "all" || p.status === status) && (!effectiveKind || p.kind === effectiveKind));
  const total = Object.values(counts).reduce((n, c) => n + c, 0);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Proposal status" className="flex flex-wrap items-center gap-1" data-testid="proposal-counts">
          {[...PROPOSAL_STATUSES, "all" as const].map((value) => {
            const count = value === "all" ? total : counts[value];
            const isCurrent = value === status;
            return (
              <button
                key={value}
                type="button"
                onClick={() => onFilters({ status: value })}
                aria-current={isCurrent ? "page" : undefined}
                data-testid={`proposal-status-${value}`}
                data-count={count}
                className={cn("inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium", isCurrent ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900")}
              >
                {value === "all" ? "All" : STATUS_LABEL[value][0]!.toUpperCase() + STATUS_LABEL[value].slice(1)}
                <span className={cn("rounded px-1 tabular-nums", isCurrent ? "bg-white/20" : "bg-zinc-100 text-zinc-500")}>{count}</span>
              </button>
            );
          })}
        </nav>
        {isConflictQueue ? null : (
          <div className="w-40 space-y-0.5">
            <label htmlFor="proposal-kind" className="block text-[11px] font-medium text-zinc-500">Kind</label>
            <Select id="proposal-kind" value={kind ?? ""} onChange={(event) => onFilters({ kind: (event.target.value || null) as ProposalKindValue | null })} data-testid="proposal-kind-filter">
              <option value="">All kinds</option>
              {PROPOSAL_KIND_VALUES.map((value) => (
                <option key={value} value={value}>{KIND_LABEL[value]}</option>
              ))}
            </Select>
          </div>
        )}
      </div>
      {isConflictQueue ? (
        <p className="text-xs text-zinc-500">
          Two tips in a cluster that contradict each other. Each names the winner, the precedence rule that decided it (success over failure, proven recovery over speculative prevention, then priority) and why. Only LLM runs find conflicts.
        </p>
      ) : null}
      {shown.length === 0 ? (
        <EmptyState
          title={isConflictQueue ? "No conflicts here" : "No proposals here"}
          description={
            <p>
              {total === 0
                ? "A consolidation run proposes merges of duplicate tips (and, with an LLM, conflict resolutions). Run one above."
                : "Other statuses or kinds may have some: try All."}
            </p>
          }
        />
      ) : (
        <ProposalRows proposals={shown} />
      )}
    </div>
  );
}
