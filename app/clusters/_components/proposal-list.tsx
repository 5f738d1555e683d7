import Link from "next/link";
import { LocalTime } from "@/components/trajectories/local-time";
import { ProposalKindBadge, ProposalStatusBadge } from "./proposal-badges";
import type { ProposalListItem } from "./types";

const HEADLINE_CHARS = 160;

function headlineOf(proposal: ProposalListItem): string {
  const text = proposal.headline ?? proposal.rationale ?? "";
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length > HEADLINE_CHARS ? `${line.slice(0, HEADLINE_CHARS - 1)}…` : line || "(no text)";
}

/** Proposal rows; each opens the proposal view (diff and decisions). */
export function ProposalRows({ proposals, showCluster = true }: { proposals: ProposalListItem[]; showCluster?: boolean }) {
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white" data-testid="proposal-list">
      {proposals.map((proposal) => (
        <li key={proposal.id} data-testid="proposal-row" data-proposal-id={proposal.id} data-kind={proposal.kind} data-status={proposal.status}>
          <Link href={`/clusters/proposals/${proposal.id}`} className="block px-4 py-2.5 hover:bg-zinc-50 focus-visible:bg-zinc-50" data-testid="proposal-link">
            <div className="flex flex-wrap items-center gap-1.5">
              <ProposalKindBadge kind={proposal.kind} />
              <ProposalStatusBadge status={proposal.status} />
              <span className="text-xs text-zinc-500">
                {proposal.sourceTipIds.length} tips · {proposal.origin === "llm" ? "LLM" : "offline"}
                {proposal.decidedBy && proposal.status !== "proposed" ? ` · by ${proposal.decidedBy}` : ""}
              </span>
              <LocalTime iso={proposal.createdAt} className="ml-auto text-xs text-zinc-400" />
            </div>
            <p className="mt-1 text-sm break-words text-zinc-900">{headlineOf(proposal)}</p>
            {showCluster && proposal.cluster ? <p className="mt-0.5 truncate text-xs text-zinc-500">Cluster: {proposal.cluster.canonicalDescription}</p> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
