import type { Metadata } from "next";
import { openProjectPage } from "@/app/_components/project-page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";
import { listActiveClusters, listConsolidationRuns } from "@/lib/db/clusters";
import { getProjectById } from "@/lib/db/projects";
import { countProposalsByStatus, listProposals } from "@/lib/db/proposal-queries";
import { countTipsByStatus } from "@/lib/db/tip-queries";
import { isLlmConfigured } from "@/lib/llm/openai-sdk";
import { getEffectiveLlmConfig } from "@/lib/settings/llm-settings";
import { withProject } from "@/lib/trajectories/project-param";
import { findActiveConsolidationJob } from "./_components/active-job";
import { ClustersWorkspace } from "./_components/clusters-workspace";
import { toClusterView, toProposalListItem, toRunView } from "./_components/views";

export const metadata: Metadata = { title: "Clusters" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The proposals the page lists (newest first); the counts cover all of them. */
const PROPOSAL_LIMIT = 500;

export default async function ClustersPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const opened = await openProjectPage(params.project, {
    testId: "page-clusters",
    title: "Clusters",
    description: "Tips grouped by equivalent task or subtask. Consolidation proposes merges and conflict resolutions; each is a diff you can accept, edit, reject or revert.",
  });
  if (opened.kind === "missing") return opened.element;
  const { header } = opened;
  const projectId = opened.project.id;
  const [project, clusters, runs, proposals, proposalCounts, tipCounts, activeJob, llmConfig] = await Promise.all([
    getProjectById({ id: projectId }),
    listActiveClusters({ projectId }),
    listConsolidationRuns({ projectId }),
    listProposals({ projectId, limit: PROPOSAL_LIMIT }),
    countProposalsByStatus({ projectId }),
    countTipsByStatus({ projectId }),
    findActiveConsolidationJob({ projectId }),
    getEffectiveLlmConfig(),
  ]);
  const hasAnything = tipCounts.proposed + tipCounts.approved + tipCounts.merged > 0 || runs.length > 0 || clusters.length > 0;
  if (!hasAnything || !project) {
    return (
      <>
        {header}
        <EmptyState
          icon={<LayersIcon className="size-5" />}
          title="No tips to consolidate yet"
          description={
            <>
              <p>Consolidation groups tips by the task or subtask they were learned on and proposes merging the ones that say the same thing. It needs tips first: extract them from trajectories, then review them.</p>
              <p>Proposed and approved tips are both considered; rejected ones are not.</p>
            </>
          }
        >
          <ButtonLink href={withProject("/trajectories", opened.project.slug)} variant="primary">
            Go to trajectories
          </ButtonLink>
          <ButtonLink href={withProject("/review", opened.project.slug)}>Go to review</ButtonLink>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header}
      <ClustersWorkspace
        key={projectId}
        projectId={projectId}
        llmConfigured={isLlmConfigured(llmConfig)}
        defaults={{ threshold: project.consolidationThreshold, linkage: project.consolidationLinkage, autoAcceptMerges: project.autoAcceptMerges }}
        clusters={clusters.map(toClusterView)}
        proposals={proposals.map(toProposalListItem)}
        proposalCounts={proposalCounts}
        runs={runs.map(toRunView)}
        activeJobId={activeJob?.id ?? null}
      />
    </>
  );
}
