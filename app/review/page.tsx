import type { Metadata } from "next";
import { openProjectPage } from "@/app/_components/project-page";
import { countTipsByStatus, listTips } from "@/lib/db/tip-queries";
import { getTrajectoryFacets } from "@/lib/db/trajectory-queries";
import { ReviewQueue } from "./_components/review-queue";
import { REVIEW_PAGE_SIZE, parseReviewFiltersLenient, reviewFiltersKey, toTipListFilters } from "./_components/review-query";
import { toTipListItem } from "./_components/tip-view";

export const metadata: Metadata = { title: "Review" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReviewPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const opened = await openProjectPage(params.project, {
    testId: "page-review",
    title: "Review",
    description: "Approve, reject or edit the tips extraction proposes; every tip links back to the steps it came from. Only approved tips are retrieved.",
  });
  if (opened.kind === "missing") return opened.element;
  const { header } = opened;
  const projectId = opened.project.id;
  const filters = parseReviewFiltersLenient(params);
  const [page, counts, facets] = await Promise.all([
    listTips({ projectId, ...toTipListFilters(filters), limit: REVIEW_PAGE_SIZE }),
    countTipsByStatus({ projectId, ...toTipListFilters(filters) }),
    getTrajectoryFacets({ projectId }),
  ]);
  return (
    <>
      {header}
      <ReviewQueue
        key={projectId}
        projectId={projectId}
        projectSlug={opened.project.slug}
        applications={facets.applications.map((facet) => facet.value)}
        initialPage={{ items: page.items.map(toTipListItem), nextCursor: page.nextCursor, counts }}
        initialFiltersKey={reviewFiltersKey(filters)}
      />
    </>
  );
}
