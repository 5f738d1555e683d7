// A reviewer's decision on a consolidation proposal, plus what must follow it: the tips it created
// or restored are (re)indexed for retrieval, so an accepted merge is retrievable at once and a
// reverted one stops being retrieved. Indexing is best effort (the reindex job catches up).
import { acceptProposal, rejectProposal, revertProposal, type DecideProposalInput } from "../db/proposals";
import type { MergeProposal } from "../db/generated/client";
import { reindexTipsBestEffort } from "../retrieval/index-tips";
import type { ProposedTip } from "./proposal";

async function reindexAfter(proposal: MergeProposal): Promise<MergeProposal> {
  const tipIds = [...proposal.sourceTipIds, ...(proposal.resultTipId ? [proposal.resultTipId] : [])];
  await reindexTipsBestEffort({ projectId: proposal.projectId, tipIds });
  return proposal;
}

export async function acceptConsolidationProposal(input: DecideProposalInput & { edited?: ProposedTip }): Promise<MergeProposal> {
  return reindexAfter(await acceptProposal(input));
}

export async function rejectConsolidationProposal(input: DecideProposalInput): Promise<MergeProposal> {
  return rejectProposal(input);
}

export async function revertConsolidationProposal(input: DecideProposalInput): Promise<MergeProposal> {
  return reindexAfter(await revertProposal(input));
}
