"use client";

import { LocalTime } from "@/components/trajectories/local-time";
import { useReviewKeys } from "../../../../review/_components/use-review-keys";
import { ReviewerControl } from "../../../../review/_components/reviewer-control";
import { ProposalKindBadge, ProposalStatusBadge } from "../../../_components/proposal-badges";
import type { ProposalDetailView } from "../../../_components/types";
import { ConflictView, KeepView } from "./conflict-view";
import { MergeDiff } from "./merge-diff";
import { ProposalActions } from "./proposal-actions";
import { ProposalEditForm } from "./proposal-edit-form";
import { ProposalOutcome, ProposalProvenance } from "./proposal-provenance";
import { TipSummary } from "./tip-summary";
import { useProposalDecision } from "./use-proposal-decision";

/** One proposal: status and decision, the actions (keys a / r / e, Esc), what it changes, and where its tips came from. */
export function ProposalReview({ proposal }: { proposal: ProposalDetailView }) {
  const decision = useProposalDecision(proposal.id);
  const isOpen = proposal.status === "proposed";
  const canEdit = isOpen && proposal.kind === "merge" && proposal.proposedTip !== null;
  const isViewing = decision.mode === "view" && !decision.isPending;
  useReviewKeys({
    a: () => isOpen && isViewing && decision.accept(),
    r: () => isOpen && isViewing && decision.start("reject"),
    e: () => canEdit && isViewing && decision.start("edit"),
    Escape: () => decision.mode !== "view" && decision.cancel(),
  });
  return (
    <div className="space-y-5" data-testid="proposal-review" data-proposal-id={proposal.id} data-status={proposal.status} data-kind={proposal.kind}>
      <div className="space-y-3 rounded-lg border border-zinc-200 bg-white px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <ProposalKindBadge kind={proposal.kind} />
          <ProposalStatusBadge status={proposal.status} />
          <span className="text-xs text-zinc-500">
            {proposal.origin === "llm" ? "proposed by the LLM" : "proposed offline (near-duplicates)"} · <LocalTime iso={proposal.createdAt} />
          </span>
          <span className="ml-auto">
            <ReviewerControl />
          </span>
        </div>
        {proposal.decidedBy && proposal.status !== "proposed" ? (
          <p className="text-xs text-zinc-600" data-testid="proposal-decision">
            {proposal.status} by <span className="font-medium">{proposal.decidedBy}</span>
            {proposal.decidedAt ? (
              <>
                {" "}· <LocalTime iso={proposal.decidedAt} />
              </>
            ) : null}
            {proposal.decisionNote ? <> · “{proposal.decisionNote}”</> : null}
          </p>
        ) : null}
        <ProposalActions kind={proposal.kind} status={proposal.status} decision={decision} />
      </div>
      {decision.mode === "edit" && proposal.proposedTip ? <ProposalEditForm tip={proposal.proposedTip} decision={decision} /> : null}
      <ProposalOutcome proposal={proposal} />
      {proposal.kind === "merge" ? (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold text-zinc-900">Merge diff</h2>
          {proposal.rationale ? <p className="text-sm break-words whitespace-pre-wrap text-zinc-700" data-testid="proposal-rationale">{proposal.rationale}</p> : null}
          {proposal.status === "overridden" ? <p className="text-xs text-zinc-500">Accepted with edits: the created tip is the reviewer’s version (linked above); the diff shows the proposal as made.</p> : null}
          {proposal.diff ? (
            <MergeDiff diff={proposal.diff} sources={proposal.sourceTips} />
          ) : (
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {proposal.sourceTips.map((tip, index) => (
                <TipSummary key={tip.id} tip={tip} title={`Source ${index + 1}`} />
              ))}
            </div>
          )}
        </section>
      ) : proposal.kind === "conflict" ? (
        <ConflictView proposal={proposal} />
      ) : (
        <KeepView proposal={proposal} />
      )}
      <ProposalProvenance proposal={proposal} />
    </div>
  );
}
