import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CheckSquareIcon } from "@/components/ui/icons";
import { Kbd } from "@/components/ui/kbd";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Review" };

export default function ReviewPage() {
  return (
    <>
      <PageHeader
        testId="page-review"
        title="Review"
        description="Approve, reject or edit the tips extraction proposes. Only approved tips are retrieved."
      />
      <EmptyState
        icon={<CheckSquareIcon className="size-5" />}
        title="Nothing to review"
        description={
          <>
            <p>
              Tips proposed by extraction appear here, each linked to the trajectory steps it came from. Upload
              trajectories and run extraction to fill the queue.
            </p>
            <p>
              Keyboard: <Kbd>j</Kbd> / <Kbd>k</Kbd> move, <Kbd>a</Kbd> approve, <Kbd>r</Kbd> reject,{" "}
              <Kbd>e</Kbd> edit.
            </p>
          </>
        }
      >
        <ButtonLink href="/trajectories" variant="primary">
          Go to trajectories
        </ButtonLink>
      </EmptyState>
    </>
  );
}
