import type { Metadata } from "next";
import { openProjectPage } from "@/app/_components/project-page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { UploadIcon } from "@/components/ui/icons";
import { countTrajectories, getTrajectoryFacets, listTrajectories } from "@/lib/db/trajectory-queries";
import { FORMAT_PARSERS } from "@/lib/trajectory/formats/registry";
import { withProject } from "@/lib/trajectories/project-param";
import { toListItem } from "./_components/list-item";
import { LIST_PAGE_SIZE, filtersKey, parseListFiltersLenient, toQueryFilters } from "./_components/list-query";
import { TrajectoryTable } from "./_components/trajectory-table";

export const metadata: Metadata = { title: "Trajectories" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function TrajectoriesPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const opened = await openProjectPage(params.project, {
    testId: "page-trajectories",
    title: "Trajectories",
    description: "Agent runs, normalized into one step model: thoughts, actions and observations, with errors and outcomes.",
    actions: (slug) => (
      <ButtonLink href={withProject("/trajectories/upload", slug)} variant="primary" data-testid="upload-link">
        <UploadIcon /> Upload
      </ButtonLink>
    ),
  });
  if (opened.kind === "missing") return opened.element;
  const { header } = opened;
  const projectId = opened.project.id;
  const filters = parseListFiltersLenient(params);
  const where = { projectId, ...toQueryFilters(filters) };
  const [page, total, facets] = await Promise.all([
    listTrajectories({ ...where, limit: LIST_PAGE_SIZE }),
    countTrajectories(where),
    getTrajectoryFacets({ projectId }),
  ]);
  const isProjectEmpty = facets.formats.length === 0;
  const formatLabels = Object.fromEntries(FORMAT_PARSERS.map((parser) => [parser.id, parser.label]));

  return (
    <>
      {header}
      {isProjectEmpty ? (
        <EmptyState
          icon={<UploadIcon className="size-5" />}
          title={`No trajectories in “${opened.project.name}” yet`}
          description={
            <p>
              Upload agent logs in any of the supported formats ({FORMAT_PARSERS.length} so far), or a zip of many files.
              Each run is normalized into steps and listed here with its errors and outcome.
            </p>
          }
        >
          <ButtonLink href={withProject("/trajectories/upload", opened.project.slug)} variant="primary">
            Upload trajectories
          </ButtonLink>
        </EmptyState>
      ) : (
        <TrajectoryTable
          key={projectId}
          projectId={projectId}
          initialPage={{ items: page.items.map(toListItem), nextCursor: page.nextCursor, total }}
          initialFiltersKey={filtersKey(filters)}
          facets={facets}
          formatLabels={formatLabels}
        />
      )}
    </>
  );
}
