// Deterministic trajectory intelligence: everything code can find without a model (SPEC §2.2).
// Pure and cheap, so it runs on every import; its output is evidence in the UI, hints for the LLM
// stages and the whole input of the offline extractor.
import type { NormalizedTrajectory, Step } from "../trajectory/schema";
import { actionOf } from "./actions";
import { findBulkOpportunities } from "./bulk";
import { detectFailure } from "./failures";
import { classifyOutcome, findOutcomeSignals } from "./outcome";
import { findRecoveries } from "./recoveries";
import { findDeadEnds, findLoops } from "./repeats";
import type { AnalysisCounts, FailedAction, TrajectoryAnalysis } from "./schema";
import { findSelfCorrections, tagThoughts } from "./thoughts";

/** Lists are capped so a 5,000-step run still stores and renders quickly; counts stay exact. */
const MAX_ITEMS = 50;
const MAX_TOOLS = 100;

export function analyzeTrajectory(trajectory: NormalizedTrajectory): TrajectoryAnalysis {
  // Positions, not source indexes, are what every finding refers to.
  const steps = trajectory.steps.map((step, index) => (step.index === index ? step : { ...step, index }));
  const failedActions = findFailedActions(steps);
  const failures = new Map(failedActions.map((f) => [f.step, f]));
  const recoveries = findRecoveries(steps, failures);
  const loops = findLoops(steps, failedActions);
  const deadEnds = findDeadEnds(steps, failedActions, recoveries);
  const bulkOpportunities = findBulkOpportunities(steps);
  const outcomeSignals = findOutcomeSignals({ ...trajectory, steps });
  const thoughts = tagThoughts(steps);
  const selfCorrections = findSelfCorrections(thoughts, failedActions.map((f) => f.step));
  const outcome = classifyOutcome(trajectory, { failedActions, recoveries, bulkOpportunities, loops, deadEnds, outcomeSignals });
  return {
    version: 1,
    counts: countSteps(trajectory, steps, failedActions.length),
    failedActions: failedActions.slice(0, MAX_ITEMS),
    recoveries: recoveries.slice(0, MAX_ITEMS),
    bulkOpportunities: bulkOpportunities.slice(0, MAX_ITEMS),
    loops: loops.slice(0, MAX_ITEMS),
    deadEnds: deadEnds.slice(0, MAX_ITEMS),
    outcomeSignals,
    thoughts: thoughts.slice(0, MAX_ITEMS * 4),
    selfCorrections: selfCorrections.slice(0, MAX_ITEMS),
    outcome,
  };
}

function findFailedActions(steps: Step[]): FailedAction[] {
  const failed: FailedAction[] = [];
  for (const step of steps) {
    const failure = detectFailure(step);
    if (!failure) continue;
    const action = actionOf(step);
    failed.push({ step: step.index, actionKey: action.key, action: action.label, ...failure });
  }
  return failed;
}

function countSteps(trajectory: NormalizedTrajectory, steps: Step[], errors: number): AnalysisCounts {
  const tools: string[] = [];
  let apiCallsInCode = 0;
  for (const step of steps) {
    const action = actionOf(step);
    if (!action.isExecutable) continue;
    apiCallsInCode += action.calls.length;
    const keys = action.calls.length > 0 ? action.calls.map((c) => c.key) : [action.key];
    for (const key of keys) if (!tools.includes(key)) tools.push(key);
  }
  const { totalTokens, tokensFrom } = countTokens(trajectory, steps);
  return {
    steps: steps.length,
    toolCalls: steps.filter((s) => s.kind === "tool_call").length,
    codeSteps: steps.filter((s) => s.kind === "code").length,
    apiCallsInCode,
    errors,
    totalTokens,
    tokensFrom,
    uniqueTools: tools.length,
    tools: tools.slice(0, MAX_TOOLS),
  };
}

/** The run's own totals when the source gives them (they include calls with no step), else the step sum. */
function countTokens(trajectory: NormalizedTrajectory, steps: Step[]): Pick<AnalysisCounts, "totalTokens" | "tokensFrom"> {
  const usage = trajectory.metadata.usage;
  if (usage && (usage.inputTokens !== undefined || usage.outputTokens !== undefined)) {
    return { totalTokens: (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0), tokensFrom: "metadata" };
  }
  const withTokens = steps.filter((s) => s.tokens?.inputTokens !== undefined || s.tokens?.outputTokens !== undefined);
  if (withTokens.length === 0) return { totalTokens: null, tokensFrom: "none" };
  const total = withTokens.reduce((sum, s) => sum + (s.tokens?.inputTokens ?? 0) + (s.tokens?.outputTokens ?? 0), 0);
  return { totalTokens: total, tokensFrom: "steps" };
}
