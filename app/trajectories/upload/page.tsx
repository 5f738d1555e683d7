import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { importLimitsFromEnv } from "@/lib/import/limits";
import { FORMAT_PARSERS } from "@/lib/trajectory/formats/registry";
import { FormatsHelp } from "../_components/formats-help";
import { ProjectMissing } from "../_components/project-missing";
import { ProjectSelect } from "../_components/project-select";
import { resolveProject } from "../_components/resolve-project";
import { UploadForm } from "../_components/upload-form";

export const metadata: Metadata = { title: "Upload trajectories" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function UploadPage({ searchParams }: { searchParams: SearchParams }) {
  const resolved = await resolveProject((await searchParams).project);
  // A valid slug that does not exist yet is fine here: the upload creates the project.
  const slug = resolved.kind === "found" ? resolved.project.slug : resolved.slug;
  const formats = FORMAT_PARSERS.map(({ id, label }) => ({ id, label }));
  const limits = importLimitsFromEnv();
  return (
    <>
      <PageHeader
        testId="page-upload"
        title="Upload trajectories"
        description="Import agent runs from files. Each file is detected, normalized into steps and checked on its own; you see the result per file as it finishes."
        actions={slug ? <ProjectSelect options={resolved.options} current={slug} /> : null}
      />
      {slug ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">
            {resolved.kind === "missing" ? (
              <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
                Project “{slug}” does not exist yet; uploading creates it.
              </p>
            ) : null}
            <UploadForm projectSlug={slug} formats={formats} limits={limits} />
          </div>
          <FormatsHelp formats={formats} limits={limits} projectSlug={slug} />
        </div>
      ) : (
        <ProjectMissing requested={resolved.kind === "missing" ? resolved.requested : ""} slug={null} />
      )}
    </>
  );
}
