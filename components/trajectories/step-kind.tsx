import type { ReactNode } from "react";
import type { Step } from "@/lib/trajectory/schema";

function KindSvg({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false" className="size-3.5 shrink-0">
      {children}
    </svg>
  );
}

const ICONS: Record<Step["kind"], ReactNode> = {
  tool_call: (
    <KindSvg>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L4 17l3 3 5.3-5.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
    </KindSvg>
  ),
  code: (
    <KindSvg>
      <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />
    </KindSvg>
  ),
  message: (
    <KindSvg>
      <path d="M5 5h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-8l-4 3v-3H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
    </KindSvg>
  ),
  unknown: (
    <KindSvg>
      <circle cx="12" cy="12" r="8" />
      <path d="M9.8 9.5a2.3 2.3 0 0 1 4.4.8c0 1.5-2.2 2-2.2 3.2M12 16.5h.01" />
    </KindSvg>
  ),
};

/** "Tool call", "Code · python", "Message · user", "Unknown · span" */
export function stepKindLabel(step: Step): string {
  switch (step.kind) {
    case "tool_call":
      return "Tool call";
    case "code":
      return step.language ? `Code · ${step.language}` : "Code";
    case "message":
      return `Message · ${step.role}`;
    case "unknown":
      return step.sourceType ? `Unknown · ${step.sourceType}` : "Unknown";
  }
}

/** The step's kind as an icon and a label (the label carries the meaning; the icon is decoration). */
export function StepKind({ step }: { step: Step }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5 text-xs font-medium text-zinc-600">
      {ICONS[step.kind]}
      <span className="truncate">{stepKindLabel(step)}</span>
    </span>
  );
}
