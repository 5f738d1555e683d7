"use client";

import { useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { MapPointView } from "./types";

// Wide: the page is wide, and a tall map pushes the cluster list out of view.
const WIDTH = 1000;
const HEIGHT = 320;
const PAD = 24;

export type ColourBy = "clusters" | "preview";

type ClusterMapProps = {
  points: MapPointView[] | undefined;
  error: Error | null;
  /** Fill colour of each point, in `points` order. */
  colours: string[];
  selectedClusterId: string | null;
  onSelect: (clusterId: string) => void;
  colourBy: ColourBy;
  onColourBy: (value: ColourBy) => void;
  /** The preview's τ when a preview is loaded (enables "colour by preview"). */
  previewThreshold: number | null;
};

/** Scales projected coordinates into the drawing area (a constant axis is centred). */
function scale(points: MapPointView[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = (x: number) => (maxX > minX ? PAD + ((x - minX) / (maxX - minX)) * (WIDTH - 2 * PAD) : WIDTH / 2);
  const sy = (y: number) => (maxY > minY ? PAD + ((maxY - y) / (maxY - minY)) * (HEIGHT - 2 * PAD) : HEIGHT / 2);
  return points.map((p) => ({ cx: sx(p.x), cy: sy(p.y) }));
}

/**
 * A 2-D projection of the member descriptions' embeddings: what clustered with what. Hover or
 * focus a point for its description; click (or Enter) selects its cluster.
 */
export function ClusterMap({ points, error, colours, selectedClusterId, onSelect, colourBy, onColourBy, previewThreshold }: ClusterMapProps) {
  const [active, setActive] = useState<number | null>(null);
  const positions = useMemo(() => (points && points.length > 0 ? scale(points) : []), [points]);
  if (error && !points) return <p role="alert" className="text-sm text-red-700">The map could not be drawn: {error.message}</p>;
  if (!points) return <div className="aspect-[1000/320] w-full animate-pulse rounded-md bg-zinc-100" aria-label="Loading the map" />;
  if (points.length === 0) return <p className="text-sm text-zinc-500">No descriptions to draw yet.</p>;
  const shown = active !== null ? points[active] : undefined;
  const onKey = (event: KeyboardEvent, clusterId: string) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelect(clusterId);
    }
  };
  return (
    <div className="space-y-2" data-testid="cluster-map" data-colour-by={colourBy}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600">
        <span>Colour by</span>
        <div role="group" aria-label="Colour the map by" className="inline-flex rounded-md ring-1 ring-zinc-200">
          <ToggleButton isOn={colourBy === "clusters"} onClick={() => onColourBy("clusters")} testId="colour-by-clusters">
            Current clusters
          </ToggleButton>
          <ToggleButton isOn={colourBy === "preview"} disabled={previewThreshold === null} onClick={() => onColourBy("preview")} testId="colour-by-preview">
            Preview{previewThreshold !== null ? ` (τ = ${previewThreshold.toFixed(2)})` : ""}
          </ToggleButton>
        </div>
        <span className="text-zinc-400">Grey: a description alone in its group. Size: tips indexed by it.</span>
      </div>
      <div className="relative">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full rounded-md bg-white ring-1 ring-zinc-200" role="group" aria-label={`Map of ${points.length} descriptions`}>
          {points.map((point, index) => {
            const isSelected = point.clusterId === selectedClusterId;
            const isDimmed = selectedClusterId !== null && !isSelected;
            return (
              <circle
                key={index}
                cx={positions[index]!.cx}
                cy={positions[index]!.cy}
                r={(isSelected ? 2 : 0) + Math.min(12, 5 + Math.sqrt(point.tips) * 2)}
                fill={colours[index]}
                fillOpacity={isDimmed ? 0.3 : 0.85}
                stroke={isSelected ? "#18181b" : "white"}
                strokeWidth={isSelected ? 2 : 1}
                tabIndex={0}
                role="button"
                aria-label={`${point.description} (${point.tips} ${point.tips === 1 ? "tip" : "tips"}): select its cluster`}
                aria-pressed={isSelected}
                className="cursor-pointer outline-none focus-visible:stroke-accent-600"
                onClick={() => onSelect(point.clusterId)}
                onKeyDown={(event) => onKey(event, point.clusterId)}
                onMouseEnter={() => setActive(index)}
                onMouseLeave={() => setActive((current) => (current === index ? null : current))}
                onFocus={() => setActive(index)}
                onBlur={() => setActive((current) => (current === index ? null : current))}
                data-testid="map-point"
                data-cluster-id={point.clusterId}
                data-colour={colours[index]}
              />
            );
          })}
        </svg>
        {shown && active !== null ? (
          <div
            role="tooltip"
            data-testid="map-tooltip"
            className="pointer-events-none absolute z-10 max-w-xs -translate-x-1/2 -translate-y-full rounded-md bg-zinc-900 px-2 py-1 text-xs text-white shadow-lg"
            style={{ left: `${(positions[active]!.cx / WIDTH) * 100}%`, top: `calc(${(positions[active]!.cy / HEIGHT) * 100}% - 10px)` }}
          >
            <span className="block line-clamp-3 break-words">{shown.description}</span>
            <span className="block text-zinc-400">
              {shown.tips} {shown.tips === 1 ? "tip" : "tips"}
            </span>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ToggleButton({ isOn, disabled, onClick, testId, children }: { isOn: boolean; disabled?: boolean; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={isOn}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className={cn("h-7 px-2.5 text-xs font-medium first:rounded-l-md last:rounded-r-md disabled:opacity-50", isOn ? "bg-zinc-900 text-white" : "bg-white text-zinc-700 hover:bg-zinc-50")}
    >
      {children}
    </button>
  );
}
