"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { formatBytes } from "@/lib/trajectory/normalize/content";
import { withProject } from "@/lib/trajectories/project-param";
import { FileDropZone } from "./file-drop-zone";
import { SelectedFiles } from "./selected-files";
import { UploadFileList } from "./upload-file-list";
import { UploadResults } from "./upload-results";
import { useUpload } from "./use-upload";

export interface UploadLimits {
  maxFileBytes: number;
  maxBatchBytes: number;
  maxFiles: number;
}

type UploadFormProps = {
  projectSlug: string;
  formats: { id: string; label: string }[];
  limits: UploadLimits;
};

const fileKey = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

export function UploadForm({ projectSlug, formats, limits }: UploadFormProps) {
  const [picked, setPicked] = useState<File[]>([]);
  const [format, setFormat] = useState("");
  const { state, start, reset } = useUpload({ projectSlug });
  const router = useRouter();
  const isBusy = state.phase === "uploading" || state.phase === "processing";
  const isFinished = state.phase === "done" || state.phase === "error";
  const formatLabels = Object.fromEntries(formats.map((f) => [f.id, f.label]));
  const batchBytes = picked.reduce((sum, file) => sum + file.size, 0);
  const blocker =
    picked.length > limits.maxFiles
      ? `${picked.length} files is over the limit of ${limits.maxFiles} per upload; remove some or zip them.`
      : batchBytes > limits.maxBatchBytes
        ? `These files add up to ${formatBytes(batchBytes)}, over the ${formatBytes(limits.maxBatchBytes)} limit per upload.`
        : null;

  const addFiles = (files: File[]) => {
    if (isFinished) reset();
    setPicked((current) => {
      const base = isFinished ? [] : current;
      const known = new Set(base.map(fileKey));
      return [...base, ...files.filter((file) => !known.has(fileKey(file)))];
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0 || blocker || isBusy) return;
    void start(picked, format).then(() => router.refresh()); // the project may be new, counts changed
    setPicked([]); // the batch now shows as progress rows; picking files again starts a new batch
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} className="space-y-3" aria-label="Upload trajectories">
        <FileDropZone onFiles={addFiles} isDisabled={isBusy} />
        {state.phase === "idle" && picked.length > 0 ? (
          <SelectedFiles files={picked} maxFileBytes={limits.maxFileBytes} onRemove={(i) => setPicked((files) => files.filter((_, j) => j !== i))} onClear={() => setPicked([])} />
        ) : null}
        {blocker && state.phase === "idle" ? <p role="alert" className="text-sm text-red-700">{blocker}</p> : null}
        <div className="flex flex-wrap items-end gap-3">
          <Field htmlFor="upload-format" label="Format" className="w-72">
            <Select id="upload-format" value={format} onChange={(e) => setFormat(e.target.value)} disabled={isBusy} data-testid="upload-format">
              <option value="">Detect automatically</option>
              {formats.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
            </Select>
          </Field>
          <Button type="submit" variant="primary" disabled={picked.length === 0 || isBusy || Boolean(blocker)} data-testid="upload-submit">
            {isBusy ? "Uploading…" : picked.length > 1 ? `Upload ${picked.length} files` : "Upload"}
          </Button>
        </div>
      </form>

      {state.phase !== "idle" ? <UploadFileList state={state} /> : null}
      {state.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="upload-error">
          {state.error}
        </p>
      ) : null}
      <UploadResults results={state.results} formatLabels={formatLabels} />
      {isFinished ? (
        <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="upload-summary" role="status">
          {state.summary ? (
            <span className="text-zinc-700">
              {state.summary.imported} imported · {state.summary.duplicates} {state.summary.duplicates === 1 ? "duplicate" : "duplicates"} · {state.summary.failed.length} failed
            </span>
          ) : null}
          <ButtonLink href={withProject("/trajectories", projectSlug)} variant="primary" data-testid="view-trajectories">
            View trajectories
          </ButtonLink>
          <Button onClick={reset}>Clear results</Button>
        </div>
      ) : null}
    </div>
  );
}
