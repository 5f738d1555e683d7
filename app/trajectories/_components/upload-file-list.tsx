"use client";

import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBytes } from "@/lib/trajectory/normalize/content";
import { describeResults, fileUploadFractions, filePhase, resultsForFile } from "./upload-progress";
import type { UploadState } from "./use-upload";

/** One progress row per file of the batch: uploading → processing… → its result. */
export function UploadFileList({ state }: { state: UploadState }) {
  const fractions = fileUploadFractions(state.files.map((file) => file.size), state.loaded, state.total);
  const isFinished = state.phase === "done" || state.phase === "error";
  const rows = state.files.map((file, i) => {
    const results = resultsForFile(file.name, state.results);
    const fraction = fractions[i] ?? 0;
    const phase = filePhase({ fraction, results, isZip: file.name.toLowerCase().endsWith(".zip"), isFinished });
    const hasFailure = results.some((result) => result.status === "failed");
    return { file, fraction, phase, results, hasFailure };
  });
  const doneCount = rows.filter((row) => row.phase === "done").length;
  const uploadShare = state.total > 0 ? Math.min(1, state.loaded / state.total) : 0;
  const batchValue = isFinished ? 100 : Math.round(((uploadShare + doneCount / Math.max(1, rows.length)) / 2) * 100);

  return (
    <div className="space-y-3" data-testid="upload-progress">
      <div>
        <div className="mb-1 flex justify-between text-xs text-zinc-600">
          <span data-testid="upload-batch-status">{batchText(state, uploadShare, doneCount, rows.length)}</span>
          <span className="tabular-nums">{batchValue}%</span>
        </div>
        <ProgressBar label="Batch progress" value={batchValue} tone={state.phase === "error" ? "danger" : state.phase === "done" ? "success" : "accent"} />
      </div>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
        {rows.map(({ file, fraction, phase, results, hasFailure }, i) => (
          <li key={`${file.name}-${i}`} className="grid grid-cols-[minmax(0,1fr)_9rem_11rem] items-center gap-3 px-3 py-2 text-sm" data-testid="upload-file" data-phase={phase}>
            <span className="truncate font-mono text-xs" title={file.name}>
              {file.name} <span className="text-zinc-400">{formatBytes(file.size)}</span>
            </span>
            <ProgressBar label={`${file.name} progress`} value={phase === "processing" ? null : phase === "done" ? 100 : Math.round(fraction * 100)} tone={hasFailure ? "danger" : phase === "done" ? "success" : "accent"} />
            <span className={`truncate text-xs ${hasFailure ? "font-medium text-red-700" : "text-zinc-600"}`}>
              {phase === "waiting" ? "Waiting" : phase === "uploading" ? `Uploading ${Math.round(fraction * 100)}%` : phase === "processing" ? "Processing…" : describeResults(results)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function batchText(state: UploadState, uploadShare: number, done: number, count: number): string {
  const files = `${count} ${count === 1 ? "file" : "files"}`;
  switch (state.phase) {
    case "uploading":
      return `Uploading ${files} — ${formatBytes(Math.round(uploadShare * state.files.reduce((sum, f) => sum + f.size, 0)))} sent`;
    case "processing":
      return `Importing — ${done} of ${files} done`;
    case "done":
      return `Finished ${files}`;
    case "error":
      return "Stopped";
    default:
      return "";
  }
}
