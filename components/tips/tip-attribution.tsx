import { JsonView } from "@/components/trajectories/json-view";
import { LocalTime } from "@/components/trajectories/local-time";
import type { TipExtractionView } from "./types";

/** The extraction run behind the tip: extractor, outcome category and the decision attribution (collapsed). */
export function TipAttribution({ extraction }: { extraction: TipExtractionView | null }) {
  if (!extraction) return <p className="text-xs text-zinc-500">Not produced by an extraction run (written by hand, merged, or the run was deleted).</p>;
  const hasAttribution = extraction.attribution !== null && extraction.attribution !== undefined;
  return (
    <div className="space-y-1.5 text-sm" data-testid="tip-attribution">
      <p className="text-xs text-zinc-600">
        {extraction.extractor === "heuristic" ? "Offline (heuristic) extractor" : "LLM extraction"} · {extraction.granularity} level · outcome{" "}
        <span className="font-medium text-zinc-800">{extraction.outcomeCategory ?? "unknown"}</span>
        {extraction.outcomeInferred ? " (inferred, no label)" : ""} · <LocalTime iso={extraction.createdAt} />
      </p>
      {hasAttribution ? (
        <details className="rounded border border-zinc-200 px-2 py-1">
          <summary className="cursor-pointer text-xs font-medium text-zinc-700">Decision attribution</summary>
          <JsonView value={extraction.attribution} maxLines={40} className="mt-1.5" />
        </details>
      ) : (
        <p className="text-xs text-zinc-500">No decision attribution (the offline extractor does not attribute decisions).</p>
      )}
    </div>
  );
}
