// Per-file upload progress for one multipart request: the browser only reports bytes sent for
// the whole body, so each file's share is derived from its byte range in send order.
import type { FileResult } from "./upload-stream";

/**
 * Fraction (0..1) of each file sent, given `loaded` of `total` body bytes. The multipart framing
 * overhead is spread proportionally, which is close enough for a progress bar.
 */
export function fileUploadFractions(sizes: number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((acc, size) => acc + size, 0);
  const sent = total > 0 ? Math.min(1, loaded / total) * sum : 0;
  let offset = 0;
  return sizes.map((size) => {
    const start = offset;
    offset += size;
    if (size === 0) return sent >= start && total > 0 ? 1 : 0;
    return Math.max(0, Math.min(1, (sent - start) / size));
  });
}

/**
 * The results that belong to a picked file: its own line, or its members' lines for a zip
 * ("runs.zip/a.json"). Results are matched by name because the server finishes files out of order.
 */
export function resultsForFile(fileName: string, results: FileResult[]): FileResult[] {
  return results.filter((result) => result.file === fileName || result.file.startsWith(`${fileName}/`));
}

export type FilePhase = "waiting" | "uploading" | "processing" | "done";

export function filePhase({ fraction, results, isZip, isFinished }: { fraction: number; results: FileResult[]; isZip: boolean; isFinished: boolean }): FilePhase {
  if (isFinished || (!isZip && results.length > 0)) return "done";
  if (fraction >= 1) return "processing";
  return fraction > 0 ? "uploading" : "waiting";
}

/** "Imported", "Failed", "3 imported · 1 failed" (zips). */
export function describeResults(results: FileResult[]): string {
  if (results.length === 0) return "No result";
  if (results.length === 1) return STATUS_TEXT[results[0]!.status];
  const counts = new Map<string, number>();
  for (const result of results) counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} ${status}`).join(" · ");
}

export const STATUS_TEXT: Record<FileResult["status"], string> = {
  imported: "Imported",
  duplicate: "Duplicate",
  failed: "Failed",
  outcomes: "Outcomes",
};
