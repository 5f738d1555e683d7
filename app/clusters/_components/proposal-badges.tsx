import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ProposalKindValue, ProposalStatus } from "./types";

const STATUS_TONE: Record<ProposalStatus, BadgeTone> = { proposed: "accent", accepted: "success", overridden: "success", rejected: "danger", reverted: "warning" };
export const STATUS_LABEL: Record<ProposalStatus, string> = {
  proposed: "open",
  accepted: "accepted",
  overridden: "accepted (edited)",
  rejected: "rejected",
  reverted: "reverted",
};
export const KIND_LABEL: Record<ProposalKindValue, string> = { merge: "merge", conflict: "conflict", keep: "keep separate" };
const KIND_HINT: Record<ProposalKindValue, string> = {
  merge: "Several tips say the same thing: one merged tip would replace them (they are kept, marked merged).",
  conflict: "Two tips contradict each other: the winner stays, the loser is archived.",
  keep: "The tips look alike but are different advice: keep them apart.",
};

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <Badge tone={STATUS_TONE[status]} data-testid="proposal-status" data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

export function ProposalKindBadge({ kind }: { kind: ProposalKindValue }) {
  return (
    <Badge tone={kind === "conflict" ? "warning" : "neutral"} title={KIND_HINT[kind]} data-testid="proposal-kind">
      {KIND_LABEL[kind]}
    </Badge>
  );
}
