// The deterministic analysis of a trajectory, shown beside its steps: what failed, what fixed it,
// what could be done in bulk, and the outcome guess with its basis. Every finding links to steps.
import type { TrajectoryAnalysis } from "@/lib/analysis/schema";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";

const CATEGORY_LABELS: Record<TrajectoryAnalysis["outcome"]["category"], string> = {
  clean_success: "Clean success",
  inefficient_success: "Inefficient success",
  failure_then_recovery: "Failure, then recovery",
  failure: "Failure",
};

function StepsLink({ steps }: { steps: number[] }) {
  if (steps.length === 0) return null;
  const start = Math.min(...steps);
  const end = Math.max(...steps);
  return (
    <a className="font-mono text-xs text-accent-700 hover:underline" href={`#steps=${start === end ? start : `${start}-${end}`}`}>
      {start === end ? `step ${start}` : `steps ${start}–${end}`}
    </a>
  );
}

export function AnalysisPanel({ analysis }: { analysis: TrajectoryAnalysis }) {
  const { counts, outcome, recoveries, bulkOpportunities, deadEnds, loops, failedActions } = analysis;
  const unexplained = failedActions.filter((failure) => !recoveries.some((r) => r.failedSteps.includes(failure.step)));
  return (
    <Card data-testid="analysis-panel">
      <CardHeader>
        <CardTitle>Analysis</CardTitle>
        <Badge tone={outcome.category === "failure" ? "danger" : outcome.category === "clean_success" ? "success" : "warning"}>
          {CATEGORY_LABELS[outcome.category]} · {outcome.basis === "label" ? "from label" : `inferred, ${outcome.confidence}`}
        </Badge>
      </CardHeader>
      <CardBody className="space-y-3 text-sm">
        <p className="text-xs text-zinc-500">
          {counts.steps} steps · {counts.toolCalls} tool calls · {counts.errors} errors · {counts.uniqueTools} tools
          {counts.totalTokens ? ` · ${counts.totalTokens.toLocaleString()} tokens` : ""} — {outcome.evidence[0]}
        </p>
        <Findings title="Recoveries" empty="No error was recovered from.">
          {recoveries.map((recovery, i) => (
            <li key={i}>
              <span className="font-mono text-xs">{recovery.action}</span> failed with “{recovery.error}”, then {recovery.kind === "retry" ? "a retry" : "an alternative"} worked{" "}
              <StepsLink steps={[...recovery.failedSteps, ...recovery.fixSteps]} />
            </li>
          ))}
        </Findings>
        <Findings title="Unrecovered failures and dead ends" empty="None.">
          {[...deadEnds.map((d) => ({ action: d.action, error: d.error, steps: d.steps })), ...loops.map((l) => ({ action: l.action, error: `${l.error} (repeated)`, steps: l.steps })), ...unexplained.filter((f) => !deadEnds.some((d) => d.steps.includes(f.step))).map((f) => ({ action: f.action, error: f.error, steps: [f.step] }))].map((item, i) => (
            <li key={i}>
              <span className="font-mono text-xs">{item.action}</span>: “{item.error}” <StepsLink steps={item.steps} />
            </li>
          ))}
        </Findings>
        <Findings title="Bulk opportunities" empty="No repeated per-item calls.">
          {bulkOpportunities.map((opportunity, i) => (
            <li key={i}>
              {opportunity.callCount}× <span className="font-mono text-xs">{opportunity.action}</span>
              {opportunity.bulkAlternative ? <> — <span className="font-mono text-xs">{opportunity.bulkAlternative}</span> could do it at once</> : null}{" "}
              <StepsLink steps={opportunity.steps} />
            </li>
          ))}
        </Findings>
      </CardBody>
    </Card>
  );
}

function Findings({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <section>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500">{title}</h3>
      {children.length > 0 ? <ul className="mt-1 list-disc space-y-1 pl-5">{children}</ul> : <p className="mt-1 text-xs text-zinc-500">{empty}</p>}
    </section>
  );
}
