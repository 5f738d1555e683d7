import type { GridCell } from "@/lib/retrieval/evaluation/metrics";

const WIDTH = 600;
const HEIGHT = 230;
const PAD = { left: 36, right: 22, top: 12, bottom: 28 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
/** One colour per k, in DEFAULT_TOP_KS order (distinct in hue and lightness). */
const COLOURS = ["#4f46e5", "#059669", "#d97706", "#e11d48", "#0284c7", "#7c3aed"];

export const topKLabel = (topK: number | null) => (topK === null ? "no k" : `k = ${topK}`);

/** F1 against τ, one line per k; the best setting is ringed. */
export function F1Chart({ cells, thresholds, topKs, best }: { cells: GridCell[]; thresholds: number[]; topKs: (number | null)[]; best: GridCell | null }) {
  const [low, high] = [Math.min(...thresholds), Math.max(...thresholds)];
  const x = (threshold: number) => PAD.left + (high > low ? (threshold - low) / (high - low) : 0.5) * PLOT_W;
  const y = (f1: number) => PAD.top + (1 - f1) * PLOT_H;
  return (
    <figure className="space-y-1" data-testid="f1-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-3xl rounded-md bg-white ring-1 ring-zinc-200" role="img" aria-label="F1 against the threshold τ, one line per top-k">
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-zinc-100" />
            <text x={PAD.left - 6} y={y(tick) + 3} textAnchor="end" className="fill-zinc-500 text-[10px]">
              {tick.toFixed(2)}
            </text>
          </g>
        ))}
        {thresholds.map((threshold, i) =>
          i % 2 === 0 ? (
            <text key={threshold} x={x(threshold)} y={HEIGHT - 10} textAnchor="middle" className="fill-zinc-500 text-[10px]">
              {threshold.toFixed(2)}
            </text>
          ) : null,
        )}
        {topKs.map((topK, i) => {
          const points = cells.filter((cell) => cell.topK === topK).map((cell) => `${x(cell.threshold).toFixed(1)},${y(cell.f1).toFixed(1)}`);
          // Earlier lines are drawn wider, so lines that coincide still show as stacked bands.
          const width = 2 + (topKs.length - 1 - i) * 1.5;
          return <polyline key={String(topK)} points={points.join(" ")} fill="none" stroke={COLOURS[i % COLOURS.length]} strokeWidth={width} strokeLinejoin="round" data-testid="f1-line" data-top-k={topK ?? "none"} />;
        })}
        {best ? <circle cx={x(best.threshold)} cy={y(best.f1)} r={6} fill="none" className="stroke-zinc-900" strokeWidth={2} data-testid="f1-best" /> : null}
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-zinc-600">
        {topKs.map((topK, i) => (
          <span key={String(topK)} className="inline-flex items-center gap-1">
            <span className="inline-block h-0.5 w-4" style={{ backgroundColor: COLOURS[i % COLOURS.length] }} aria-hidden />
            {topKLabel(topK)}
          </span>
        ))}
        <span>x: threshold τ · y: F1 · ringed: the best setting · coinciding lines show as nested bands.</span>
      </figcaption>
    </figure>
  );
}
