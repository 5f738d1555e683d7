import { cn } from "./cn";

type ProgressBarProps = {
  /** Completed units; `null` renders an indeterminate bar (total not known yet). */
  value: number | null;
  max?: number;
  /** Accessible name, e.g. "Extraction progress". */
  label: string;
  tone?: "accent" | "success" | "danger";
  className?: string;
};

const TONES = { accent: "bg-accent-600", success: "bg-emerald-600", danger: "bg-red-600" } as const;

export function ProgressBar({ value, max = 100, label, tone = "accent", className }: ProgressBarProps) {
  const isIndeterminate = value === null || max <= 0;
  const percent = isIndeterminate ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={isIndeterminate ? undefined : max}
      aria-valuenow={isIndeterminate ? undefined : value}
      className={cn("h-1.5 w-full overflow-hidden rounded-full bg-zinc-200", className)}
    >
      <div
        className={cn("h-full rounded-full transition-[width]", TONES[tone], isIndeterminate && "w-1/3 animate-pulse")}
        style={isIndeterminate ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
