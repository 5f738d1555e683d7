"use client";

import { useEffect, useMemo, useRef, type MouseEvent } from "react";
import { Kbd } from "@/components/ui/kbd";
import type { Step } from "@/lib/trajectory/schema";
import { formatStepRange, isInStepRange, parseStepRange, rangeBetween } from "@/lib/trajectories/step-range";
import { StepCard } from "./step-card";
import { setLocationHash, useLocationHash } from "./use-location-hash";
import { useStepKeys } from "./use-step-keys";

const MAX_ERROR_LINKS = 12;

/**
 * The steps of one trajectory. `#steps=4-7` in the URL highlights a span and scrolls to it (also
 * when the fragment changes on the page); shift-click on two step numbers writes such a span;
 * j / k move between steps.
 */
export function StepTimeline({ steps }: { steps: Step[] }) {
  const hash = useLocationHash();
  const range = useMemo(() => parseStepRange(hash), [hash]);
  const listRef = useRef<HTMLOListElement>(null);
  const anchorRef = useRef<number | null>(null);
  useStepKeys(listRef);

  const start = range?.start;
  const end = range?.end;
  useEffect(() => {
    if (start === undefined || end === undefined) return;
    const cards = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-highlighted="true"]') ?? []);
    const first = cards[0];
    if (!first) return;
    const top = first.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.8) first.scrollIntoView({ block: "start" });
  }, [start, end]);

  const onNumberClick = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const anchor = anchorRef.current ?? start ?? null;
    if (event.shiftKey && anchor !== null && anchor !== index) {
      event.preventDefault(); // shift-click would open a new window
      setLocationHash(formatStepRange(rangeBetween(anchor, index)));
      return;
    }
    anchorRef.current = index; // the link itself sets #steps=<index>
  };

  const errorSteps = steps.filter((step) => step.isError);
  const lastIndex = steps.at(-1)?.index ?? 0;
  const isOutOfRange = range !== null && !steps.some((step) => isInStepRange(step.index, range));

  if (steps.length === 0) {
    return <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-600">This trajectory has no steps.</p>;
  }
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500" data-testid="timeline-toolbar">
        <span>
          {steps.length} {steps.length === 1 ? "step" : "steps"}
          {errorSteps.length > 0 ? <span className="font-medium text-red-700"> · {errorSteps.length} {errorSteps.length === 1 ? "error" : "errors"}:</span> : null}
          {errorSteps.slice(0, MAX_ERROR_LINKS).map((step) => (
            <a key={step.index} href={`#${formatStepRange({ start: step.index, end: step.index })}`} className="ml-1 font-mono text-red-700 hover:underline">
              #{step.index}
            </a>
          ))}
          {errorSteps.length > MAX_ERROR_LINKS ? " …" : null}
        </span>
        {range ? (
          <span data-testid="highlight-summary">
            Highlighted: {range.start === range.end ? `step ${range.start}` : `steps ${range.start}–${range.end}`}
            <button type="button" onClick={() => setLocationHash("")} className="ml-2 font-medium text-accent-700 hover:underline">
              Clear
            </button>
          </span>
        ) : null}
        <span className="ml-auto hidden sm:inline">
          <Kbd>j</Kbd> / <Kbd>k</Kbd> next / previous step · shift-click two step numbers to link a range
        </span>
      </div>
      {isOutOfRange ? (
        <p role="status" className="mb-2 rounded border border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-800">
          The link points at {formatStepRange(range)}, but this trajectory has steps 0–{lastIndex}.
        </p>
      ) : null}
      <ol ref={listRef} className="space-y-2" aria-label="Steps">
        {steps.map((step) => (
          <li key={step.index}>
            <StepCard step={step} isHighlighted={isInStepRange(step.index, range)} onNumberClick={onNumberClick} />
          </li>
        ))}
      </ol>
    </div>
  );
}
