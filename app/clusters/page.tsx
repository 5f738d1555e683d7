import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Clusters" };

export default function ClustersPage() {
  return (
    <>
      <PageHeader
        testId="page-clusters"
        title="Clusters"
        description="Groups of equivalent subtasks, with the canonical tips that consolidation merged from them."
      />
      <EmptyState
        icon={<LayersIcon className="size-5" />}
        title="No clusters yet"
        description={
          <p>
            Clusters appear after consolidation, which groups approved tips by subtask and merges redundant or
            conflicting ones. Each merge will be shown as a diff you can accept, override or revert. Approve some
            tips first.
          </p>
        }
      >
        <ButtonLink href="/review" variant="primary">
          Go to review
        </ButtonLink>
      </EmptyState>
    </>
  );
}
