import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { StepTimeline } from "@/components/trajectories/step-timeline";
import { LocalTime } from "@/components/trajectories/local-time";
import { AnalysisPanel } from "@/components/trajectories/analysis-panel";
import { analyzeTrajectory } from "@/lib/analysis";
import { getTrajectoryWithSteps, toNormalizedTrajectory } from "@/lib/db/trajectory-queries";
import { FORMAT_PARSERS } from "@/lib/trajectory/formats/registry";
import { withProject } from "@/lib/trajectories/project-param";
import { TrajectoryOverview } from "../_components/trajectory-overview";
import { ExtractPanel } from "./_components/extract-panel";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ trajectoryId: string }> };

const paramsSchema = z.object({ trajectoryId: z.uuid() });
const TITLE_CHARS = 140;

/** One read per request, shared by generateMetadata and the page. Malformed ids are not found. */
const loadTrajectory = cache(async (rawId: string) => {
  const parsed = paramsSchema.safeParse({ trajectoryId: rawId });
  return parsed.success ? getTrajectoryWithSteps({ id: parsed.data.trajectoryId }) : null;
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const trajectory = await loadTrajectory((await params).trajectoryId);
  return { title: trajectory ? shortTitle(trajectory.taskDescription, 60) : "Trajectory not found" };
}

export default async function TrajectoryPage({ params }: Params) {
  const trajectory = await loadTrajectory((await params).trajectoryId);
  if (!trajectory) notFound();
  const formatLabel = FORMAT_PARSERS.find((parser) => parser.id === trajectory.sourceFormat)?.label ?? trajectory.sourceFormat;
  return (
    <>
      <PageHeader
        testId="page-trajectory"
        title={<span className="line-clamp-2 break-words">{shortTitle(trajectory.taskDescription, TITLE_CHARS)}</span>}
        description={
          <>
            {trajectory.project.name} · {formatLabel} · imported <LocalTime iso={trajectory.createdAt.toISOString()} />
          </>
        }
        actions={
          <ButtonLink href={withProject("/trajectories", trajectory.project.slug)} variant="secondary">
            All trajectories
          </ButtonLink>
        }
      />
      <TrajectoryOverview trajectory={trajectory} formatLabel={formatLabel} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <AnalysisPanel analysis={analyzeTrajectory(toNormalizedTrajectory(trajectory))} />
        <ExtractPanel trajectoryId={trajectory.id} projectSlug={trajectory.project.slug} />
      </div>
      <section aria-labelledby="steps-heading" className="mt-6">
        <h2 id="steps-heading" className="mb-2 text-sm font-semibold text-zinc-900">
          Steps
        </h2>
        <StepTimeline steps={trajectory.steps} />
      </section>
    </>
  );
}

function shortTitle(task: string, max: number): string {
  const firstLine = task.trim().split("\n", 1)[0] ?? "";
  return firstLine.length > max ? `${firstLine.slice(0, max - 1)}…` : firstLine || "Untitled task";
}
