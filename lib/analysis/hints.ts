// The analysis as a compact text block for LLM prompts: findings with step numbers, most
// important first, within a line budget so it never crowds out the trajectory itself.
import type { ActionChange, TrajectoryAnalysis } from "./schema";

const MAX_LINES = 40;
const MAX_PER_SECTION = 6;

export function analysisHints(analysis: TrajectoryAnalysis): string {
  const { counts, outcome } = analysis;
  const header = [
    "Deterministic findings (step numbers are 0-based step indexes):",
    `Outcome: ${outcome.category} (${outcome.basis}, ${outcome.confidence} confidence): ${outcome.evidence.join("; ")}`,
    `Counts: ${counts.steps} steps, ${counts.toolCalls} tool calls, ${counts.codeSteps} code steps` +
      `${counts.apiCallsInCode ? ` (${counts.apiCallsInCode} API calls in code)` : ""}, ${counts.errors} errors, ` +
      `${counts.totalTokens === null ? "tokens unknown" : `${counts.totalTokens} tokens`}, ${counts.uniqueTools} distinct tools`,
  ];
  const recovered = new Set(analysis.recoveries.flatMap((r) => r.failedSteps));
  const deadEndSteps = new Set(analysis.deadEnds.flatMap((d) => d.steps));
  const otherFailures = analysis.failedActions.filter((f) => !recovered.has(f.step) && !deadEndSteps.has(f.step));
  const sections: [string, string[]][] = [
    ["Recoveries (error → fix)", analysis.recoveries.map((r) =>
      `steps ${r.failedSteps.join(",")} → ${r.fixSteps.join(",")}: ${r.action} failed "${r.error}"; ${r.kind}${r.changes.length ? `: ${r.changes.map(describeChange).join(", ")}` : ""}`)],
    ["Dead ends (failed, never succeeded later)", analysis.deadEnds.map((d) =>
      `steps ${d.steps.join(",")}: ${d.action} failed "${d.error}"${d.isTerminal ? " (no successful action afterwards)" : ""}`)],
    ["Repeated identical failing calls", analysis.loops.map((l) => `steps ${l.steps.join(",")}: ${l.action} "${l.error}"`)],
    ["Granular calls a bulk call could replace", analysis.bulkOpportunities.map((b) =>
      `steps ${b.steps.join(",")}: ${b.action} ×${b.callCount}${b.inCodeLoop ? " in a loop" : ""}` +
      `${b.varyingArgument ? ` varying ${b.varyingArgument}` : ""}${b.bulkAlternative ? `; bulk alternative seen: ${b.bulkAlternative}` : ""}`)],
    ["Other failed actions", otherFailures.map((f) => `step ${f.step}: ${f.action} (${f.kind.replace("_", " ")}) "${f.error}"`)],
    ["Self-corrections (reflection after an error)", analysis.selfCorrections.map((s) => `error at step ${s.errorStep}, reflection at step ${s.reflectionStep}`)],
    ["Agent's outcome signals", analysis.outcomeSignals.map((s) => `${s.step === null ? "final answer" : `step ${s.step}`}: ${s.signal} "${s.text}"`)],
  ];
  const lines = [...header];
  for (const [title, items] of sections) {
    if (items.length === 0) continue;
    const room = MAX_LINES - lines.length - 2;
    if (room < 2) break;
    const shown = items.slice(0, Math.min(MAX_PER_SECTION, room - 1));
    lines.push(`${title}:`, ...shown.map((item) => `- ${item}`));
    if (items.length > shown.length) lines.push(`- … and ${items.length - shown.length} more`);
  }
  const tagLine = thoughtSummary(analysis);
  if (tagLine && lines.length < MAX_LINES) lines.push(tagLine);
  return lines.join("\n");
}

function thoughtSummary(analysis: TrajectoryAnalysis): string | null {
  const counts = new Map<string, number>();
  for (const { tags } of analysis.thoughts) for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  if (counts.size === 0) return null;
  return `Thought types (keyword heuristics): ${[...counts].map(([tag, n]) => `${tag} ${n}`).join(", ")}`;
}

/** One change as evidence text, e.g. `+access_token`, `path changed (value from step 2 output)`. */
export function describeChange(change: ActionChange): string {
  const source = change.sourceStep === null ? "" : ` (value from step ${change.sourceStep} output)`;
  switch (change.kind) {
    case "arg_added":
      return `+${change.name}${source}`;
    case "arg_removed":
      return `-${change.name}`;
    case "arg_changed":
      return `${change.name} changed${change.detail ? ` (${change.detail})` : ""}${source}`;
    case "call_added":
      return `added call ${change.name}`;
    case "call_removed":
      return `dropped call ${change.name}`;
    case "line_added":
      return `added line "${change.name}"`;
    case "line_removed":
      return `removed line "${change.name}"`;
    case "switched_action":
      return `switched to ${change.name}`;
  }
}
