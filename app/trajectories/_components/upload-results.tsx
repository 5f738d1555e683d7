import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { FileResult } from "./upload-stream";

const STATUS: Record<FileResult["status"], { tone: BadgeTone; text: string }> = {
  imported: { tone: "success", text: "Imported" },
  duplicate: { tone: "neutral", text: "Duplicate" },
  failed: { tone: "danger", text: "Failed" },
  outcomes: { tone: "accent", text: "Outcomes" },
};

type UploadResultsProps = {
  results: FileResult[];
  formatLabels: Record<string, string>;
};

/** One row per imported file (zip members each get their own), in the order they finished. */
export function UploadResults({ results, formatLabels }: UploadResultsProps) {
  if (results.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
      <table className="w-full table-fixed text-left text-sm" data-testid="upload-results">
        <caption className="sr-only">Import results per file</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
          <tr>
            <th scope="col" className="w-52 px-3 py-2 font-medium">File</th>
            <th scope="col" className="w-28 px-3 py-2 font-medium">Status</th>
            <th scope="col" className="w-32 px-3 py-2 font-medium">Format</th>
            <th scope="col" className="px-3 py-2 font-medium">Trajectories / details</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {results.map((result, i) => (
            <tr key={`${result.file}-${i}`} data-testid="upload-result-row" data-status={result.status} data-file={result.file} className="align-top">
              <td className="px-3 py-2 font-mono text-xs break-all">{result.file}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <Badge tone={STATUS[result.status].tone}>{STATUS[result.status].text}</Badge>
                {result.status === "duplicate" ? <div className="mt-0.5 text-xs text-zinc-500">already imported</div> : null}
                {result.status === "outcomes" ? (
                  <div className="mt-0.5 text-xs text-zinc-500">applied to {result.outcomesApplied ?? 0} {result.outcomesApplied === 1 ? "trajectory" : "trajectories"}</div>
                ) : null}
              </td>
              <td className="px-3 py-2 text-xs text-zinc-600">{result.format ? (formatLabels[result.format] ?? result.format) : "—"}</td>
              <td className="min-w-0 px-3 py-2">
                <ResultDetails result={result} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResultDetails({ result }: { result: FileResult }) {
  const where = [result.line !== undefined && !result.error?.includes(`line ${result.line}`) ? `line ${result.line}` : null, result.path && !result.error?.includes(result.path) ? result.path : null].filter(Boolean);
  return (
    <div className="space-y-1">
      {result.error ? (
        <p className="text-xs break-words text-red-700" data-testid="upload-result-error">
          {result.error}
          {where.length > 0 ? <span className="font-mono"> ({where.join(", ")})</span> : null}
        </p>
      ) : null}
      {result.trajectories.length > 0 ? (
        <ul className="space-y-0.5">
          {result.trajectories.map((trajectory) => (
            <li key={trajectory.id} className="flex min-w-0 items-baseline gap-2 text-xs">
              <Link href={`/trajectories/${trajectory.id}`} className="min-w-0 truncate font-medium text-accent-700 hover:underline" data-testid="upload-result-trajectory" title={trajectory.task}>
                {trajectory.task || "Untitled task"}
              </Link>
              <span className="shrink-0 text-zinc-500">
                {trajectory.steps} {trajectory.steps === 1 ? "step" : "steps"} · {trajectory.outcome}
                {trajectory.isDuplicate && result.status !== "duplicate" ? " · already imported" : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {result.warnings && result.warnings.length > 0 ? (
        <details className="text-xs text-amber-800">
          <summary className="cursor-pointer">{result.warnings.length} {result.warnings.length === 1 ? "warning" : "warnings"}</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {result.warnings.slice(0, 20).map((warning, i) => <li key={i}>{warning}</li>)}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
