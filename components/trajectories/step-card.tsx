"use client";

import { useState, type MouseEvent, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { Step } from "@/lib/trajectory/schema";
import { formatStepRange } from "@/lib/trajectories/step-range";
import { CollapsibleText } from "./collapsible-text";
import { JsonView } from "./json-view";
import { StepAction } from "./step-action";
import { StepKind } from "./step-kind";
import { StepMeta } from "./step-meta";
import { StepLinkButton } from "./step-link-button";

type StepCardProps = {
  step: Step;
  isHighlighted: boolean;
  /** Click on the step number: a plain click links to the step, shift-click extends a range. */
  onNumberClick: (event: MouseEvent<HTMLAnchorElement>, index: number) => void;
};

export function StepCard({ step, isHighlighted, onNumberClick }: StepCardProps) {
  const [isRawOpen, setIsRawOpen] = useState(false);
  const fragment = formatStepRange({ start: step.index, end: step.index });
  const headingId = `step-${step.index}-heading`;
  return (
    <article
      id={`step-${step.index}`}
      data-testid="step"
      data-step-index={step.index}
      data-highlighted={isHighlighted ? "true" : "false"}
      data-error={step.isError ? "true" : undefined}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={cn(
        // content-visibility lets the browser skip layout and paint of off-screen steps in long runs.
        "scroll-mt-4 rounded-lg border bg-white shadow-xs [content-visibility:auto] [contain-intrinsic-size:auto_160px]",
        step.isError ? "border-red-300" : "border-zinc-200",
        isHighlighted && "bg-accent-50/40 ring-2 ring-accent-500",
      )}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-100 px-3 py-1.5">
        <h3 id={headingId} className="flex min-w-0 items-center gap-2">
          <a
            href={`#${fragment}`}
            onClick={(event) => onNumberClick(event, step.index)}
            className="rounded font-mono text-xs font-semibold text-accent-700 tabular-nums hover:underline"
            title="Link to this step · shift-click another step number to select a range"
            data-testid="step-number"
          >
            #{step.index}
          </a>
          <StepKind step={step} />
          {step.isError ? <Badge tone="danger">Error</Badge> : null}
        </h3>
        <div className="ml-auto flex flex-wrap items-center gap-x-3 gap-y-1">
          <StepMeta step={step} />
          <StepLinkButton fragment={fragment} />
          <button
            type="button"
            aria-expanded={isRawOpen}
            onClick={() => setIsRawOpen((open) => !open)}
            className="text-xs font-medium text-zinc-500 hover:text-zinc-900"
            data-testid="step-raw-toggle"
          >
            {isRawOpen ? "Hide raw" : "Raw"}
          </button>
        </div>
      </header>
      <div className="space-y-2 px-3 py-2">
        {step.thought ? (
          <Section label="Thought">
            <CollapsibleText text={step.thought} maxLines={12} maxChars={1500} className="text-zinc-500" testId="step-thought" />
          </Section>
        ) : null}
        <Section label={actionLabel(step)}>
          <StepAction step={step} />
        </Section>
        {step.observation !== undefined ? (
          <Section label="Observation">
            <CollapsibleText text={step.observation} isMono testId="step-observation" />
          </Section>
        ) : null}
        {step.isError ? (
          <p role="note" className="rounded border border-red-200 bg-red-50 px-2.5 py-1.5 text-xs break-words whitespace-pre-wrap text-red-800" data-testid="step-error">
            <span className="font-semibold">Error: </span>
            {step.errorMessage ?? "This step failed (the source gives no message)."}
          </p>
        ) : null}
        {isRawOpen ? (
          <Section label="Raw">
            {step.raw === undefined ? <p className="mb-1 text-xs text-zinc-500">The source had no separate record for this step; this is the normalized step.</p> : null}
            <JsonView value={step.raw === undefined ? withoutRaw(step) : step.raw} maxLines={60} maxChars={8000} testId="step-raw" />
          </Section>
        ) : null}
      </div>
    </article>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 md:grid-cols-[6.5rem_minmax(0,1fr)] md:gap-3">
      <div className="pt-0.5 text-[11px] font-medium tracking-wide text-zinc-400 uppercase">{label}</div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function actionLabel(step: Step): string {
  if (step.kind === "message") return step.role;
  return step.kind === "unknown" ? "Record" : "Action";
}

function withoutRaw(step: Step): Omit<Step, "raw"> {
  const { raw: _raw, ...rest } = step;
  return rest;
}
