import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CheckSquareIcon, SearchIcon } from "@/components/ui/icons";
import type { TipCounts } from "@/components/tips/types";
import { withProject } from "@/lib/trajectories/project-param";
import type { ReviewTab } from "./review-query";

type ReviewEmptyProps = {
  tab: ReviewTab;
  counts: TipCounts;
  isFiltered: boolean;
  projectSlug: string;
  onClearFilters: () => void;
  onTab: (tab: ReviewTab) => void;
};

/** Why the list is empty, and the next step: extract tips, clear filters, or look at decided tips. */
export function ReviewEmpty({ tab, counts, isFiltered, projectSlug, onClearFilters, onTab }: ReviewEmptyProps) {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (total === 0) {
    return (
      <EmptyState
        icon={<CheckSquareIcon className="size-5" />}
        title="No tips in this project yet"
        description={
          <>
            <p>Tips come from extraction: open a trajectory and use “Extract tips”. The offline extractor needs no LLM — it proposes tips from what code finds (errors and the recoveries that fixed them, repeated calls); the LLM extractor also attributes decisions and writes strategy tips.</p>
            <p>Each proposed tip lands here, linked to the exact steps it came from.</p>
          </>
        }
      >
        <ButtonLink href={withProject("/trajectories", projectSlug)} variant="primary">
          Go to trajectories
        </ButtonLink>
      </EmptyState>
    );
  }
  if (isFiltered) {
    return (
      <EmptyState
        icon={<SearchIcon className="size-5" />}
        title={`No ${tab === "all" ? "" : `${tab} `}tips match these filters`}
        description={<p>Other statuses may still match: try the All tab, or clear the filters.</p>}
      >
        <Button onClick={onClearFilters} variant="primary" data-testid="empty-clear-filters">
          Clear filters
        </Button>
        {tab !== "all" ? <Button onClick={() => onTab("all")}>Show all statuses</Button> : null}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<CheckSquareIcon className="size-5" />}
      title={tab === "proposed" ? "Nothing left to review" : `No ${tab} tips`}
      description={
        <p>
          {tab === "proposed"
            ? `Every proposed tip has been decided: ${counts.approved} approved, ${counts.rejected} rejected. New tips appear here when extraction runs on more trajectories.`
            : "Decisions made in the Proposed tab show up here."}
        </p>
      }
    >
      {tab !== "proposed" ? <Button onClick={() => onTab("proposed")}>Go to Proposed</Button> : <Button onClick={() => onTab("approved")}>See approved tips</Button>}
      <ButtonLink href={withProject("/trajectories", projectSlug)}>Extract from trajectories</ButtonLink>
    </EmptyState>
  );
}
