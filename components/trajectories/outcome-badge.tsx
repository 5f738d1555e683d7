import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { OUTCOME_LABELS, OUTCOME_SOURCES } from "@/lib/trajectory/schema";

type OutcomeLabel = (typeof OUTCOME_LABELS)[number];
type OutcomeSource = (typeof OUTCOME_SOURCES)[number];

const TONE: Record<OutcomeLabel, BadgeTone> = { success: "success", failure: "danger", unknown: "neutral" };

const SOURCE_TEXT: Record<OutcomeSource, string | null> = {
  label: "label",
  verifier: "verifier",
  judge: "LLM judge",
  self_report: "self-report",
  inferred: "inferred",
  none: null,
};

const SOURCE_HINT: Record<OutcomeSource, string> = {
  label: "Labelled explicitly in the file",
  verifier: "From a verifier or benchmark report",
  judge: "Judged by an LLM",
  self_report: "The agent's own claim (weak evidence)",
  inferred: "Inferred by Debrief from the run",
  none: "No outcome information",
};

type OutcomeBadgeProps = {
  label: OutcomeLabel;
  source: OutcomeSource;
  /** 0..1 where known; shown as a percentage. */
  score?: number | null;
  className?: string;
};

/** "success · verifier", "failure · LLM judge · 40%", "unknown": the label with where it came from. */
export function OutcomeBadge({ label, source, score, className }: OutcomeBadgeProps) {
  const parts = [label, SOURCE_TEXT[source], typeof score === "number" ? `${Math.round(score * 100)}%` : null].filter(Boolean);
  return (
    <Badge tone={TONE[label]} title={SOURCE_HINT[source]} data-testid="outcome-badge" data-outcome={label} className={className}>
      {parts.join(" · ")}
    </Badge>
  );
}
