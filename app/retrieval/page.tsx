import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Retrieval" };

export default function RetrievalPage() {
  return (
    <>
      <PageHeader
        testId="page-retrieval"
        title="Retrieval"
        description="Preview which tips a task would retrieve, and tune strategy, threshold τ and top-k."
      />
      <EmptyState
        icon={<SearchIcon className="size-5" />}
        title="No approved tips to retrieve"
        description={
          <p>
            Approve tips first, then preview what a task would retrieve: the scored candidates, where τ cuts them,
            and the exact guidelines block an agent would receive.
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
