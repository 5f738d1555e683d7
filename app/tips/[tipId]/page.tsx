import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { z } from "zod";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { getProjectById } from "@/lib/db/projects";
import { withProject } from "@/lib/trajectories/project-param";
import { loadTipDetail } from "../../review/_components/load-tip-detail";
import { TipPageClient } from "../../review/_components/tip-page-client";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ tipId: string }> };

const paramsSchema = z.object({ tipId: z.uuid() });
const TITLE_CHARS = 90;

/** One read per request, shared by generateMetadata and the page. Malformed ids are not found. */
const load = cache(async (rawId: string) => {
  const parsed = paramsSchema.safeParse({ tipId: rawId });
  return parsed.success ? loadTipDetail({ id: parsed.data.tipId }) : null;
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const detail = await load((await params).tipId);
  return { title: detail ? `Tip: ${short(detail.tip.content, 50)}` : "Tip not found" };
}

export default async function TipPage({ params }: Params) {
  const detail = await load((await params).tipId);
  if (!detail) notFound();
  const project = await getProjectById({ id: detail.projectId });
  const { projectId: _projectId, ...initial } = detail;
  const firstSource = detail.tip.sources[0];
  return (
    <>
      <PageHeader
        testId="page-tip"
        title={<span className="line-clamp-2 break-words">{short(detail.tip.content, TITLE_CHARS)}</span>}
        description={`${detail.tip.category} tip · ${detail.tip.application ?? "generic"} · ${project?.name ?? "unknown project"}`}
        actions={
          <>
            {firstSource ? (
              <ButtonLink href={withProject("/review", project?.slug ?? null, { trajectory: firstSource.trajectoryId, status: "all", tip: detail.tip.id })}>
                In the review queue
              </ButtonLink>
            ) : null}
            <ButtonLink href={withProject("/review", project?.slug ?? null)} variant="secondary">
              All tips
            </ButtonLink>
          </>
        }
      />
      <TipPageClient initial={initial} />
    </>
  );
}

function short(text: string, max: number): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || "Untitled tip";
}
