// Fenced sections shared by the stage prompts. Everything here derives from untrusted data
// (the trajectory, code findings about it, earlier model output about it), so all of it is fenced.
import type { Attribution, Cause } from "./attribution/schema";
import { ATTRIBUTION_TOKENS, HINTS_TOKENS } from "./budgets";
import { fence } from "./render/fence";
import { truncateMiddle } from "./render/tokens";

/** Deterministic findings (lib/analysis `analysisHints`) as a fenced block; "" when there are none. */
export function hintsSection(analysisHints: string | undefined): string {
  const hints = analysisHints?.trim();
  if (!hints) return "";
  return fence("analysis_hints", truncateMiddle(hints, HINTS_TOKENS).text);
}

/** The attribution as labelled lines in a fence (it was written by a model that read the data). */
export function attributionSection(attribution: Attribution): string {
  return fence("attribution", truncateMiddle(renderAttribution(attribution), ATTRIBUTION_TOKENS).text);
}

export function renderAttribution({ summary, failure, recovery, inefficiency, success, improvementSteps }: Attribution): string {
  const lines = [`Summary: ${summary}`];
  const cause = (label: string, c: Cause) => lines.push(`${label}${stepList(c.steps)}: ${c.description}`);
  if (failure) {
    cause("Failure, immediate cause", failure.immediateCause);
    cause("Failure, proximate cause", failure.proximateCause);
    cause("Failure, root cause", failure.rootCause);
    failure.contributingFactors.forEach((c) => cause("Failure, contributing factor", c));
  }
  if (recovery) {
    cause("Recovery, what went wrong", recovery.whatWentWrong);
    cause("Recovery, how it was recognised", recovery.howRecognised);
    cause("Recovery, what fixed it", recovery.whatFixedIt);
    lines.push(`Recovery, why it worked: ${recovery.whyItWorked}`);
  }
  if (inefficiency) {
    cause("Inefficiency", inefficiency.whatWasSuboptimal);
    lines.push(`Better alternative: ${inefficiency.betterAlternative} (${inefficiency.whyBetter})`);
    lines.push(`Agent aware of it: ${inefficiency.agentAware ? "yes" : "no"}`);
  }
  if (success) {
    success.strategies.forEach((c) => cause("What worked", c));
    lines.push(`Why it worked: ${success.whyEffective}`);
  }
  if (improvementSteps.length > 0) lines.push("Improvement steps:", ...improvementSteps.map((step, i) => `${i + 1}. ${step}`));
  return lines.join("\n");
}

/** Joins prompt sections, skipping empty ones. */
export function joinSections(...sections: string[]): string {
  return sections.filter((section) => section.trim() !== "").join("\n\n");
}

function stepList(steps: number[]): string {
  if (steps.length === 0) return "";
  return ` (${steps.length === 1 ? "step" : "steps"} ${steps.join(", ")})`;
}
