import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { CategoryBadge, PriorityBadge, StatusBadge } from "@/components/tips/tip-badges";
import { getClusterDetail } from "@/lib/db/clusters";
import { getProjectById } from "@/lib/db/projects";
import { listProposals } from "@/lib/db/proposal-queries";
import { withProject } from "@/lib/trajectories/project-param";
import { CANONICAL_SOURCE_LABEL, similaritySpread } from "../_components/cluster-format";
import { ProposalRows } from "../_components/proposal-list";
import { toProposalListItem } from "../_components/views";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ clusterId: string }> };

const paramsSchema = z.object({ clusterId: z.uuid() });

const load = cache(async (rawId: string) => {
  const parsed = paramsSchema.safeParse({ clusterId: rawId });
  return parsed.success ? getClusterDetail({ id: parsed.data.clusterId }) : null;
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const cluster = await load((await params).clusterId);
  return { title: cluster ? `Cluster: ${cluster.canonicalDescription.slice(0, 60)}` : "Cluster not found" };
}

/** One cluster: its canonical description, what clustered (members), its tips and its proposals. */
export default async function ClusterPage({ params }: Params) {
  const cluster = await load((await params).clusterId);
  if (!cluster) notFound();
  const [project, proposals] = await Promise.all([getProjectById({ id: cluster.projectId }), listProposals({ projectId: cluster.projectId, clusterId: cluster.id })]);
  const back = withProject("/clusters", project?.slug ?? null, { cluster: cluster.id });
  return (
    <>
      <PageHeader
        testId="page-cluster"
        title={<span className="break-words">{cluster.canonicalDescription}</span>}
        description={`Cluster of ${cluster.size} ${cluster.size === 1 ? "tip" : "tips"} and ${cluster.members.length} ${cluster.members.length === 1 ? "description" : "descriptions"} · canonical description: ${CANONICAL_SOURCE_LABEL[cluster.canonicalSource] ?? cluster.canonicalSource} · ${similaritySpread(cluster)}`}
        actions={<ButtonLink href={back}>All clusters</ButtonLink>}
      />
      {cluster.state !== "active" ? (
        <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A later consolidation run replaced this cluster (kept for its proposals and history).
        </p>
      ) : null}
      <div className="space-y-5">
        <Card>
          <CardHeader>
            <CardTitle>Member descriptions</CardTitle>
            {cluster.run ? (
              <span className="text-xs text-zinc-500">
                run of {cluster.run.createdAt.toISOString().slice(0, 10)} · {cluster.run.method} · τ = {cluster.run.threshold.toFixed(2)} · {cluster.run.linkage}
              </span>
            ) : null}
          </CardHeader>
          <CardBody>
            <ul className="space-y-1 text-sm" data-testid="cluster-members">
              {cluster.members.map((member, index) => (
                <li key={index} className="break-words">
                  {member.description}
                  <span className="text-xs text-zinc-400">
                    {" "}
                    · {member.tipIds.length} {member.tipIds.length === 1 ? "tip" : "tips"} · generalized: {member.generalized}
                  </span>
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Tips ({cluster.tips.length})</CardTitle>
          </CardHeader>
          <ul className="divide-y divide-zinc-100" data-testid="cluster-tips">
            {cluster.tips.map((tip) => (
              <li key={tip.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-2.5" data-testid="cluster-tip" data-tip-id={tip.id} data-status={tip.status}>
                <div className="flex shrink-0 flex-wrap items-center gap-1">
                  <StatusBadge status={tip.status} />
                  <PriorityBadge priority={tip.priority} />
                  <CategoryBadge category={tip.category} />
                </div>
                <Link href={`/tips/${tip.id}`} className="min-w-0 flex-1 text-sm break-words text-zinc-900 hover:underline">
                  {tip.content}
                </Link>
                <span className="text-xs text-zinc-500">
                  {tip.sources.length} {tip.sources.length === 1 ? "source" : "sources"} ({[...new Set(tip.sources.map((s) => s.outcomeLabel))].join(", ") || "none"})
                  {tip.mergedIntoId ? (
                    <>
                      {" "}· merged into{" "}
                      <Link href={`/tips/${tip.mergedIntoId}`} className="font-mono text-accent-700 hover:underline">
                        {tip.mergedIntoId.slice(0, 8)}
                      </Link>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
            {cluster.tips.length === 0 ? <li className="px-4 py-3 text-sm text-zinc-500">No tip points at this cluster any more.</li> : null}
          </ul>
        </Card>
        <section id="proposals" className="space-y-2">
          <h2 className="text-sm font-semibold text-zinc-900">Proposals ({proposals.length})</h2>
          {proposals.length > 0 ? (
            <ProposalRows proposals={proposals.map(toProposalListItem)} showCluster={false} />
          ) : (
            <p className="text-sm text-zinc-500">No proposal for this cluster: its tips were not found to say the same thing.</p>
          )}
        </section>
      </div>
    </>
  );
}
