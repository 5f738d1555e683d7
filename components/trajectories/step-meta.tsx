import type { Step } from "@/lib/trajectory/schema";
import { formatDuration, formatTokens } from "./format";
import { LocalTime } from "./local-time";

/** Timestamp, duration, model and token usage of a step, when the source recorded them. */
export function StepMeta({ step }: { step: Step }) {
  const tokens = formatTokens(step.tokens);
  const items = [
    step.timestamp ? <LocalTime key="time" iso={step.timestamp} /> : null,
    step.durationMs !== undefined ? <span key="duration" title="Duration">{formatDuration(step.durationMs)}</span> : null,
    step.model ? <span key="model" className="font-mono">{step.model}</span> : null,
    tokens ? <span key="tokens" title="Tokens">{tokens}</span> : null,
  ].filter(Boolean);
  if (items.length === 0) return null;
  return <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-zinc-500" data-testid="step-meta">{items}</div>;
}
