import { scoreHistogram } from "@/lib/retrieval/decisions";

const WIDTH = 720;
const HEIGHT = 170;
const PAD = { left: 32, right: 12, top: 18, bottom: 26 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

type ScoreHistogramProps = {
  candidates: readonly { similarity: number; isSelected: boolean }[];
  threshold: number;
  testId?: string;
  /** Shown under the chart, e.g. that LLM-guided ranking multiplies the similarity. */
  note?: string;
};

const x = (value: number) => PAD.left + Math.max(0, Math.min(1, value)) * PLOT_W;

/** Candidates per 0.05 of similarity, selected and left out stacked, with the τ line drawn over them. */
export function ScoreHistogram({ candidates, threshold, testId = "score-histogram", note }: ScoreHistogramProps) {
  const bins = scoreHistogram(candidates);
  const max = Math.max(1, ...bins.map((bin) => bin.selected + bin.rejected));
  const y = (count: number) => (count / max) * PLOT_H;
  const barWidth = PLOT_W / bins.length - 2;
  const selected = candidates.filter((candidate) => candidate.isSelected).length;
  const label = `Histogram of ${candidates.length} candidates by similarity: ${selected} selected; τ = ${threshold.toFixed(2)}`;
  return (
    <figure className="space-y-1" data-testid={testId} data-threshold={threshold.toFixed(2)} data-selected={selected}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-3xl rounded-md bg-white ring-1 ring-zinc-200" role="img" aria-label={label}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + PLOT_H} y2={PAD.top + PLOT_H} className="stroke-zinc-300" />
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <text key={tick} x={x(tick)} y={HEIGHT - 8} textAnchor="middle" className="fill-zinc-500 text-[10px]">
            {tick.toFixed(2)}
          </text>
        ))}
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="fill-zinc-500 text-[10px]">
          {max}
        </text>
        {bins.map((bin) => {
          const left = x(bin.from) + 1;
          const rejectedHeight = y(bin.rejected);
          const selectedHeight = y(bin.selected);
          const base = PAD.top + PLOT_H;
          return (
            <g key={bin.from} data-testid="histogram-bin" data-from={bin.from.toFixed(2)} data-selected={bin.selected} data-rejected={bin.rejected}>
              <title>{`${bin.from.toFixed(2)}–${bin.to.toFixed(2)}: ${bin.selected} selected, ${bin.rejected} left out`}</title>
              {bin.selected > 0 ? <rect x={left} width={barWidth} y={base - selectedHeight} height={selectedHeight} className="fill-accent-600" /> : null}
              {bin.rejected > 0 ? <rect x={left} width={barWidth} y={base - selectedHeight - rejectedHeight} height={rejectedHeight} className="fill-zinc-300" /> : null}
            </g>
          );
        })}
        <g data-testid="tau-line" data-threshold={threshold.toFixed(2)} data-x={x(threshold).toFixed(1)}>
          <line x1={x(threshold)} x2={x(threshold)} y1={PAD.top - 6} y2={PAD.top + PLOT_H} className="stroke-red-600" strokeWidth={2} strokeDasharray="4 3" />
          <text x={x(threshold) + (threshold > 0.85 ? -4 : 4)} y={PAD.top - 8} textAnchor={threshold > 0.85 ? "end" : "start"} className="fill-red-700 text-[11px] font-medium">
            τ = {threshold.toFixed(2)}
          </text>
        </g>
      </svg>
      <figcaption className="flex flex-wrap items-center gap-3 text-xs text-zinc-500">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-accent-600" aria-hidden /> selected
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-zinc-300" aria-hidden /> left out
        </span>
        <span>Similarity of the task to each candidate&apos;s description (bins of 0.05); τ cuts at the red line.</span>
        {note ? <span>{note}</span> : null}
      </figcaption>
    </figure>
  );
}
