import type { Metadata } from "next";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/api-keys/api-keys";
import { checkHealth } from "@/lib/health";
import { LLM_STAGES } from "@/lib/llm/types";
import { getEmbeddingSettingsView } from "@/lib/settings/embedding-settings";
import { getLlmSettingsView } from "@/lib/settings/llm-settings";
import { resolveProject } from "../trajectories/_components/resolve-project";
import { ApiKeysSection } from "./_components/api-keys-section";
import { EmbeddingSettingsForm } from "./_components/embedding-settings-form";
import { LlmSettingsForm } from "./_components/llm-settings-form";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const health = await checkHealth();
  const isDatabaseUp = !health.database.error;
  const [llm, embedding, keys] = isDatabaseUp
    ? await Promise.all([getLlmSettingsView(), getEmbeddingSettingsView(), loadApiKeys((await searchParams).project)])
    : [null, null, null];

  return (
    <>
      <PageHeader
        testId="page-settings"
        title="Settings"
        description="Where Debrief stores its data, which LLM endpoint and models each pipeline stage uses, how texts are embedded, and the API keys agents use."
      />
      <div className="grid max-w-3xl gap-6">
        <Card data-testid="settings-database">
          <CardHeader>
            <CardTitle>Database</CardTitle>
          </CardHeader>
          <CardBody className="space-y-1 text-sm text-zinc-700">
            <p>
              Mode: <strong data-testid="database-mode">{health.database.mode ?? "unknown"}</strong>
              {health.database.mode === "embedded"
                ? " — PGlite under .data/ on this machine. Set DATABASE_URL to use an external PostgreSQL with pgvector."
                : " — the PostgreSQL server given by DATABASE_URL."}
            </p>
            <p>
              pgvector: <strong data-testid="database-pgvector">{health.database.pgvector ?? "not available"}</strong>
            </p>
            {health.reason ? <p className="font-medium text-red-700">{health.reason}</p> : null}
          </CardBody>
        </Card>

        {llm && embedding ? (
          <>
            <LlmSettingsForm initial={llm} stages={[...LLM_STAGES]} />
            <EmbeddingSettingsForm initial={embedding} />
            {keys ? <ApiKeysSection key={keys.project.id} project={keys.project} projects={keys.projects} initialKeys={keys.keys} /> : null}
          </>
        ) : (
          <p className="text-sm text-red-700">Settings cannot be loaded while the database is unavailable.</p>
        )}
      </div>
    </>
  );
}

/** The API keys of the `?project=` project (or the default one); null when that project does not exist. */
async function loadApiKeys(param: string | string[] | undefined) {
  const resolved = await resolveProject(param);
  if (resolved.kind !== "found") return null;
  return { project: resolved.project, projects: resolved.options, keys: await listApiKeys({ projectId: resolved.project.id }) };
}
