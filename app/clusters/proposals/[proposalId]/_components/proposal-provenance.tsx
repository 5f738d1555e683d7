import Link from "next/link";
import { StatusBadge } from "@/components/tips/tip-badges";
import { TipProvenance } from "@/components/tips/tip-provenance";
import type { TipSourceView } from "@/components/tips/types";
import type { ProposalDetailView } from "../../../_components/types";

/** Each trajectory + step range once (what a merged tip carries: the union of its sources'). */
function unionOf(lists: TipSourceView[][]): TipSourceView[] {
  const seen = new Set<string>();
  return lists.flat().filter((source) => {
    const key = `${source.trajectoryId}|${source.stepStart ?? ""}|${source.stepEnd ?? ""}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Where every source tip came from, and the union a merged tip keeps. */
export function ProposalProvenance({ proposal }: { proposal: ProposalDetailView }) {
  const union = proposal.resultTip?.sources ?? unionOf(proposal.sourceTips.map((tip) => tip.sources));
  return (
    <section className="space-y-3" data-testid="proposal-provenance">
      <h2 className="text-sm font-semibold text-zinc-900">Provenance</h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {proposal.sourceTips.map((tip, index) => (
          <div key={tip.id} className="rounded-lg border border-zinc-200 bg-white px-3 py-2" data-testid="source-provenance">
            <h3 className="mb-1 text-xs font-medium text-zinc-600">
              Source {index + 1} <span className="font-mono text-zinc-400">{tip.id.slice(0, 8)}</span>
            </h3>
            <TipProvenance sources={tip.sources} />
          </div>
        ))}
      </div>
      {proposal.kind === "merge" ? (
        <div className="rounded-lg border border-accent-200 bg-accent-50/40 px-3 py-2" data-testid="union-provenance">
          <h3 className="mb-1 text-xs font-medium text-accent-800">
            {proposal.resultTip ? "The merged tip's provenance" : "The merged tip would keep"}: {union.length} {union.length === 1 ? "source" : "sources"}, every trajectory and step range of its sources
          </h3>
          <TipProvenance sources={union} />
        </div>
      ) : null}
    </section>
  );
}

/** After a decision that changed tips: the new tip (merge) and where each source tip stands now, each a link. */
export function ProposalOutcome({ proposal }: { proposal: ProposalDetailView }) {
  const result = proposal.resultTip;
  if (proposal.status === "proposed" || proposal.status === "rejected") return null;
  return (
    <section className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50/50 px-4 py-3" data-testid="proposal-outcome">
      {result ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-zinc-900">{proposal.status === "reverted" ? "The merged tip (archived by the revert):" : "New tip:"}</span>
          <Link href={`/tips/${result.id}`} className="font-medium text-accent-700 hover:underline" data-testid="result-tip-link">
            {result.content.length > 90 ? `${result.content.slice(0, 89)}…` : result.content}
          </Link>
          <span data-testid="result-tip-status">
            <StatusBadge status={result.status} />
          </span>
          <span className="text-xs text-zinc-500">{result.sources.length} sources</span>
        </p>
      ) : null}
      <ul className="space-y-1 text-sm" aria-label="Source tips">
        {proposal.sourceTips.map((tip, index) => (
          <li key={tip.id} className="flex flex-wrap items-center gap-2" data-testid="source-tip" data-tip-id={tip.id} data-status={tip.status}>
            <span className="text-xs text-zinc-500">Source {index + 1}</span>
            <StatusBadge status={tip.status} />
            <Link href={`/tips/${tip.id}`} className="min-w-0 flex-1 truncate text-accent-700 hover:underline">
              {tip.content}
            </Link>
            {tip.mergedIntoId ? <span className="text-xs text-zinc-500">merged into {tip.mergedIntoId === result?.id ? "the new tip" : tip.mergedIntoId.slice(0, 8)}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
