// Tip generation for one unit: the whole task, or one subtask with its step range.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import type { Attribution } from "../attribution/schema";
import { OBSERVATION_TOKENS, TRAJECTORY_TOKENS } from "../budgets";
import type { OutcomeCategory } from "../outcome/schema";
import { attributionSection, hintsSection, joinSections } from "../prompt-parts";
import { fence, UNTRUSTED_DATA_RULE } from "../render/fence";
import { renderTrajectory, type StepRange } from "../render/render-trajectory";
import type { TipCategory } from "./schema";

export const PROMPT_ID = "extraction.tips";
export const PROMPT_VERSION = "v1";
export const SCHEMA_NAME = "tips";

export const SYSTEM_PROMPT = `You write reusable tips ("memories") that help future AI agents do similar tasks better.
You get one unit of an agent run — the whole task, or one subtask with its step range — with the run's outcome and a causal
analysis of it. Write tips that a different agent, on a different but similar task, can apply.

Categories follow what happened:
- strategy: what made a clean success work (e.g. verify prerequisites before acting).
- recovery: how to recognise a failure that happened and how to fix it — encode both the failure pattern and the fix.
- optimization: the more efficient way to do what was done wastefully (one bulk call instead of a loop of single calls).
- For a failed run write prevention tips: strategy for the check that would have avoided the failure, recovery when the error
  can be detected and corrected at run time.
The input states the expected category, or that you choose it per tip.

Write as many tips as the input asks (whole task 1–4, subtask 2–4); fewer strong tips beat padding, and no two tips may say
the same thing. Give a domain-specific tip (application in lowercase, e.g. "venmo", and a task category such as "payments",
"authentication", "data retrieval") and, where the lesson generalises, also a GENERIC tip: the same lesson for any
application, with application = null and taskCategory = null.

Every tip must be:
- Actionable and specific: name the API, tool, call pattern or check; steps are concrete actions in order.
- Free of task-specific values: no personal names, emails, phone numbers, amounts, dates, ids, passwords, tokens or note
  texts from the data. Write "the recipient's email", "the amount", never the values.
- Grounded: provenance lists the step ranges (inclusive, numbers as in "[step N]") showing the evidence, inside the unit's
  range; evidence says, for a human reviewer, what those steps show.
- content: 1–2 sentences, "When <situation>, <what to do>". trigger: the situation, generically. negativeExample:
  "Do not …" — the concrete mistake seen, or null. priority: critical = ignoring it makes the task fail; high = it
  prevents or fixes an error; medium = saves steps or adds reliability; low = minor.

Good tip (recovery, generic):
  content: "When an API call fails because the API name does not exist, list the app's APIs and retry with the exact
  name from the list."
  steps: ["Read the error: it says no API with that name exists for the app", "Call
  apis.api_docs.show_api_descriptions(app_name=<app>)", "Pick the API whose description matches the intent and read its
  spec with show_api_doc", "Retry with the exact API name and the documented parameters"]
  trigger: "When a call fails because an app's API name is unknown"
  negativeExample: "Do not guess another API name and retry blindly."
  application: null, taskCategory: null, priority: high
  evidence: "Step 11 failed with 422 (unknown API name); step 12 listed the APIs and the retry at step 13 worked."
Bad: "Be careful with API names and check the documentation." — vague: no situation, no concrete step.
Bad: "Request $15 from jane@example.com with the note 'Dinner'." — task-specific values, useless for any other task.

${UNTRUSTED_DATA_RULE}`;

/** What one tips call covers. Subtask descriptions come from the segmentation model, so they are fenced. */
export type TipUnit =
  | { kind: "task"; range: StepRange }
  | { kind: "subtask"; range: StepRange; description: string; purpose: string; applications: string[] };

export interface TipsInputArgs {
  trajectory: NormalizedTrajectory;
  unit: TipUnit;
  outcome: OutcomeCategory;
  attribution: Attribution;
  analysisHints?: string;
  maxTrajectoryTokens?: number;
}

/** The paper's outcome → category rule; null = the model chooses per tip (failures, subtasks). */
export function expectedTipCategory(unit: TipUnit, outcome: OutcomeCategory): TipCategory | null {
  if (unit.kind === "subtask") return null;
  const byOutcome: Record<OutcomeCategory, TipCategory | null> = {
    clean_success: "strategy",
    inefficient_success: "optimization",
    failure_then_recovery: "recovery",
    failure: null,
  };
  return byOutcome[outcome];
}

export function tipCountFor(unit: TipUnit): { min: number; max: number } {
  return unit.kind === "task" ? { min: 1, max: 4 } : { min: 2, max: 4 };
}

export function buildTipsInput({ trajectory, unit, outcome, attribution, analysisHints, maxTrajectoryTokens }: TipsInputArgs): string {
  const isTask = unit.kind === "task";
  const rendered = renderTrajectory(trajectory, {
    maxTokens: maxTrajectoryTokens ?? (isTask ? TRAJECTORY_TOKENS.taskTips : TRAJECTORY_TOKENS.subtaskTips),
    observationTokens: isTask ? OBSERVATION_TOKENS.taskTips : OBSERVATION_TOKENS.subtaskTips,
    range: isTask ? undefined : unit.range,
  });
  const { min, max } = tipCountFor(unit);
  const expected = expectedTipCategory(unit, outcome);
  const range = `steps ${unit.range.stepStart}–${unit.range.stepEnd}`;
  return joinSections(
    isTask ? `Unit: the whole task (${range}).` : `Unit: one subtask of the run (${range}).`,
    isTask ? "" : fence("unit", `Subtask: ${unit.description}\nPurpose: ${unit.purpose}\nApplications: ${unit.applications.join(", ") || "none"}`),
    [
      `Outcome of the whole run: ${outcome}.`,
      categoryInstruction(expected, outcome),
      `Write ${min}–${max} tips. Provenance ranges must lie within ${range}.`,
    ].join("\n"),
    attributionSection(attribution),
    hintsSection(analysisHints),
    rendered.text,
  );
}

function categoryInstruction(expected: TipCategory | null, outcome: OutcomeCategory): string {
  if (expected) return `Expected category for every tip: ${expected}.`;
  if (outcome === "failure") return "The run failed: write prevention tips, choosing strategy or recovery per tip.";
  return "Choose each tip's category from what happened in this subtask: clean → strategy, an error then a fix → recovery, wasted work → optimization.";
}
