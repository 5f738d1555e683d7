import { TipSummary } from "./tip-summary";
import type { ProposalDetailView } from "../../../_components/types";

/** Winner and loser side by side, the precedence rule that decided it (in words) and the reason. */
export function ConflictView({ proposal }: { proposal: ProposalDetailView }) {
  const [winner, loser] = proposal.sourceTips;
  return (
    <div className="space-y-3" data-testid="conflict-view">
      <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <p>
          <span className="font-semibold">Rule: {proposal.rule ?? "unknown"}</span>
          {proposal.ruleDescription ? <span> — {proposal.ruleDescription}</span> : null}
        </p>
        {proposal.rationale ? <p className="mt-1 break-words whitespace-pre-wrap">{proposal.rationale}</p> : null}
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {winner ? <TipSummary tip={winner} title="Winner (kept)" testId="conflict-winner" /> : <p className="text-sm text-zinc-500">The winning tip no longer exists.</p>}
        {loser ? <TipSummary tip={loser} title="Loser (archived on accept)" testId="conflict-loser" /> : <p className="text-sm text-zinc-500">The losing tip no longer exists.</p>}
      </div>
    </div>
  );
}

/** Tips that look alike but the model judged different advice, and why. */
export function KeepView({ proposal }: { proposal: ProposalDetailView }) {
  return (
    <div className="space-y-3" data-testid="keep-view">
      <div className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-800">
        <span className="font-semibold">Why keep them apart: </span>
        <span className="break-words whitespace-pre-wrap">{proposal.rationale ?? "No reason recorded."}</span>
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {proposal.sourceTips.map((tip, index) => (
          <TipSummary key={tip.id} tip={tip} title={`Tip ${index + 1}`} />
        ))}
      </div>
    </div>
  );
}
