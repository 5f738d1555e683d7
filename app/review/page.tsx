import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { countTipsByStatus, listTips } from "@/lib/db/tip-queries";
import { getTrajectoryFacets } from "@/lib/db/trajectory-queries";
import { ProjectMissing } from "../trajectories/_components/project-missing";
import { ProjectSelect } from "../trajectories/_components/project-select";
import { resolveProject } from "../trajectories/_components/resolve-project";
import { ReviewQueue } from "./_components/review-queue";
import { REVIEW_PAGE_SIZE, parseReviewFiltersLenient, reviewFiltersKey, toTipListFilters } from "./_components/review-query";
import { toTipListItem } from "./_components/tip-view";

export const metadata: Metadata = { title: "Review" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReviewPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const resolved = await resolveProject(params.project);
  const slug = resolved.kind === "found" ? resolved.project.slug : resolved.slug;
  const header = (
    <PageHeader
      testId="page-review"
      title="Review"
      description="Approve, reject or edit the tips extraction proposes; every tip links back to the steps it came from. Only approved tips are retrieved."
      actions={<ProjectSelect options={resolved.options} current={slug ?? ""} />}
    />
  );
  if (resolved.kind === "missing") {
    return (
      <>
        {header}
        <ProjectMissing requested={resolved.requested} slug={resolved.slug} />
      </>
    );
  }

  const projectId = resolved.project.id;
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
        projectSlug={resolved.project.slug}
        applications={facets.applications.map((facet) => facet.value)}
        initialPage={{ items: page.items.map(toTipListItem), nextCursor: page.nextCursor, counts }}
        initialFiltersKey={reviewFiltersKey(filters)}
      />
    </>
  );
}
