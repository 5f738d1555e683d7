import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatStepRange } from "@/lib/trajectories/step-range";
import type { TipSourceView } from "./types";

const TASK_CHARS = 120;

/** `/trajectories/<id>#steps=a-b`: the viewer highlights exactly the steps the tip came from. */
export function sourceHref(source: Pick<TipSourceView, "trajectoryId" | "stepStart" | "stepEnd">): string {
  const base = `/trajectories/${source.trajectoryId}`;
  if (source.stepStart === null) return base;
  return `${base}#${formatStepRange({ start: source.stepStart, end: source.stepEnd ?? source.stepStart })}`;
}

function rangeLabel(source: TipSourceView): string {
  if (source.stepStart === null) return "whole run";
  const end = source.stepEnd ?? source.stepStart;
  return end === source.stepStart ? `step ${source.stepStart}` : `steps ${source.stepStart}–${end}`;
}

type TipProvenanceProps = {
  sources: TipSourceView[];
  /** Narrows the review queue to one trajectory (absent on the tip page). */
  onFilterTrajectory?: (trajectoryId: string) => void;
};

/** Every source trajectory and step range the tip came from; merges keep all of them. */
export function TipProvenance({ sources, onFilterTrajectory }: TipProvenanceProps) {
  if (sources.length === 0) return <p className="text-xs text-zinc-500">No recorded source (written by hand).</p>;
  return (
    <ul className="space-y-1.5" data-testid="tip-provenance">
      {sources.map((source, index) => {
        const task = source.trajectory?.taskDescription.trim().split("\n", 1)[0] ?? "";
        return (
          <li key={`${source.trajectoryId}-${index}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
            <Link href={sourceHref(source)} className="font-mono text-xs font-semibold text-accent-700 hover:underline" data-testid="tip-source-link">
              {rangeLabel(source)}
            </Link>
            <Badge tone={source.outcomeLabel === "success" ? "success" : source.outcomeLabel === "failure" ? "danger" : "neutral"}>{source.outcomeLabel}</Badge>
            <span className="min-w-0 flex-1 truncate text-xs text-zinc-600" title={source.trajectory?.taskDescription}>
              {task ? (task.length > TASK_CHARS ? `${task.slice(0, TASK_CHARS)}…` : task) : <span className="font-mono">{source.trajectoryId.slice(0, 8)}</span>}
            </span>
            {onFilterTrajectory ? (
              <button type="button" onClick={() => onFilterTrajectory(source.trajectoryId)} className="text-xs text-zinc-500 hover:text-zinc-900 hover:underline">
                Only this run
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
