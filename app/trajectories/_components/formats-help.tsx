import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { formatBytes } from "@/lib/trajectory/normalize/content";
import type { UploadLimits } from "./upload-form";

type FormatsHelpProps = {
  formats: { id: string; label: string }[];
  limits: UploadLimits;
  projectSlug: string;
};

/** What can be uploaded, the limits, and the same import from scripts. */
export function FormatsHelp({ formats, limits, projectSlug }: FormatsHelpProps) {
  return (
    <Card className="self-start text-sm" data-testid="formats-help">
      <CardHeader>
        <CardTitle>What you can upload</CardTitle>
      </CardHeader>
      <CardBody className="space-y-3 text-xs text-zinc-700">
        <p>The format of each file is detected; pick one above only if detection gets it wrong. A bad file fails alone with its reason — the rest still import.</p>
        <div>
          <h3 className="mb-1 text-xs font-medium text-zinc-500">Formats ({formats.length})</h3>
          <ul className="space-y-0.5 text-xs">
            {formats.map((format) => (
              <li key={format.id}>
                {format.label} <code className="text-zinc-400">{format.id}</code>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs">
          Writing your own logs? Use Debrief&apos;s format:{" "}
          <a href="/api/v1/schema/trajectory.json" className="font-medium text-accent-700 hover:underline" target="_blank" rel="noreferrer">
            trajectory JSON Schema
          </a>
          . Outcome files (verifier or benchmark reports) uploaded with their runs label them.
        </p>
        <div>
          <h3 className="mb-1 text-xs font-medium text-zinc-500">Limits</h3>
          <ul className="space-y-0.5 text-xs" data-testid="upload-limits">
            <li>{formatBytes(limits.maxFileBytes)} per file (IMPORT_MAX_FILE_MB)</li>
            <li>{formatBytes(limits.maxBatchBytes)} per upload (IMPORT_MAX_BATCH_MB)</li>
            <li>{limits.maxFiles.toLocaleString("en-US")} files per upload, zip members included (IMPORT_MAX_FILES)</li>
            <li>Uploading the same run again is recognised and skipped as a duplicate.</li>
          </ul>
        </div>
        <div>
          <h3 className="mb-1 text-xs font-medium text-zinc-500">From scripts</h3>
          <pre className="overflow-x-auto rounded bg-zinc-50 px-2 py-1.5 text-[11px] leading-4 ring-1 ring-zinc-200 ring-inset">
            {`curl -H "Authorization: Bearer $DEBRIEF_API_KEY" \\\n  -F file=@run.json "$DEBRIEF_URL/api/v1/trajectories"\n\nnpm run cli -- import runs/*.json --project ${projectSlug}`}
          </pre>
        </div>
      </CardBody>
    </Card>
  );
}
