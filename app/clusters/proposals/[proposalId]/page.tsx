import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getProjectById } from "@/lib/db/projects";
import { getProposalDetail } from "@/lib/db/proposal-queries";
import { withProject } from "@/lib/trajectories/project-param";
import { toProposalDetail } from "../../_components/views";
import { ProposalReview } from "./_components/proposal-review";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ proposalId: string }> };

const paramsSchema = z.object({ proposalId: z.uuid() });

/** One read per request, shared by generateMetadata and the page. Malformed ids are not found. */
const load = cache(async (rawId: string) => {
  const parsed = paramsSchema.safeParse({ proposalId: rawId });
  return parsed.success ? getProposalDetail({ id: parsed.data.proposalId }) : null;
});

const TITLES = { merge: "Merge", conflict: "Conflict", keep: "Keep separate" } as const;

function titleOf(kind: string, tips: number): string {
  if (kind === "merge") return `Merge proposal: ${tips} tips → 1`;
  if (kind === "conflict") return "Conflict: which tip wins";
  return `Keep ${tips} tips separate`;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const row = await load((await params).proposalId);
  return { title: row ? `${TITLES[row.kind as keyof typeof TITLES] ?? "Proposal"} proposal` : "Proposal not found" };
}

export default async function ProposalPage({ params }: Params) {
  const row = await load((await params).proposalId);
  if (!row) notFound();
  const project = await getProjectById({ id: row.projectId });
  const proposal = toProposalDetail(row);
  return (
    <>
      <PageHeader
        testId="page-proposal"
        title={titleOf(proposal.kind, proposal.sourceTipIds.length)}
        description={
          proposal.cluster
            ? `Cluster: ${proposal.cluster.canonicalDescription}${proposal.run ? ` · run of ${proposal.run.createdAt.slice(0, 10)}, ${proposal.run.method}, τ = ${proposal.run.threshold.toFixed(2)} ${proposal.run.linkage}` : ""}`
            : "Across clusters (offline near-duplicates)"
        }
        actions={
          <>
            {proposal.cluster ? <ButtonLink href={`/clusters/${proposal.cluster.id}`}>Open cluster</ButtonLink> : null}
            <ButtonLink href={withProject("/clusters", project?.slug ?? null, { tab: proposal.kind === "conflict" ? "conflicts" : "proposals" })}>
              {proposal.kind === "conflict" ? "Conflicts queue" : "All proposals"}
            </ButtonLink>
          </>
        }
      />
      <ProposalReview proposal={proposal} />
    </>
  );
}
