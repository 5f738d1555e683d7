import type { Metadata } from "next";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { checkHealth } from "@/lib/health";
import { LLM_STAGES } from "@/lib/llm/types";
import { getEmbeddingSettingsView } from "@/lib/settings/embedding-settings";
import { getLlmSettingsView } from "@/lib/settings/llm-settings";
import { EmbeddingSettingsForm } from "./_components/embedding-settings-form";
import { LlmSettingsForm } from "./_components/llm-settings-form";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const health = await checkHealth();
  const isDatabaseUp = !health.database.error;
  const [llm, embedding] = isDatabaseUp
    ? await Promise.all([getLlmSettingsView(), getEmbeddingSettingsView()])
    : [null, null];

  return (
    <>
      <PageHeader
        testId="page-settings"
        title="Settings"
        description="Where Debrief stores its data, which LLM endpoint and models each pipeline stage uses, and how texts are embedded."
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
          </>
        ) : (
          <p className="text-sm text-red-700">Settings cannot be loaded while the database is unavailable.</p>
        )}
      </div>
    </>
  );
}
