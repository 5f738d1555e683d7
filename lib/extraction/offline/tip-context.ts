// What every offline tip builder needs from the trajectory: masking for its snippets, the
// application a tip belongs to, and the fields shared by all offline tips.
import { actionOf, type ActionRef } from "../../analysis/actions";
import type { TrajectoryAnalysis } from "../../analysis/schema";
import type { NormalizedTrajectory, Step } from "../../trajectory/schema";
import { buildMaskContext, maskSnippet, type MaskContext } from "./mask";
import type { OfflineTip } from "./schema";

/** Error quotes in content stay readable; triggers and negative examples quote a shorter form. */
export const ERROR_CHARS = 140;
export const SHORT_ERROR_CHARS = 70;

export interface TipContext {
  trajectory: NormalizedTrajectory;
  analysis: TrajectoryAnalysis;
  /** Tool, API and app names of the run: never masked as if they were task values. */
  knownNames: string[];
}

export function createTipContext(trajectory: NormalizedTrajectory, analysis: TrajectoryAnalysis): TipContext {
  const apps = trajectory.steps.map((step) => actionOf(step).app).filter((app): app is string => app !== null);
  const names = analysis.counts.tools.flatMap((key) => key.split(/[.:]/));
  return { trajectory, analysis, knownNames: [...new Set([...apps, ...names, ...trajectory.task.applications])] };
}

export function stepAt(context: TipContext, index: number): Step {
  return context.trajectory.steps[index]!;
}

export function actionAt(context: TipContext, index: number): ActionRef {
  return actionOf(stepAt(context, index));
}

/** Masking for snippets about the action at this step: its own argument values are masked too. */
export function maskFor(context: TipContext, index: number): MaskContext {
  return buildMaskContext(context.trajectory, actionAt(context, index).values, context.knownNames);
}

export function quoteError(error: string, mask: MaskContext): { full: string; short: string } {
  // Quotes end sentences in tips ('… after "X".'): a trailing period inside them reads as a typo.
  const quote = (max: number) => maskSnippet(error, mask, max).replace(/\.$/, "");
  return { full: quote(ERROR_CHARS), short: quote(SHORT_ERROR_CHARS) };
}

/** The app the action names (venmo for apis.venmo.x), else the task's only application, else null (generic). */
export function applicationFor(context: TipContext, index: number): string | null {
  const app = actionAt(context, index).app;
  if (app) return app.toLowerCase();
  const apps = context.trajectory.task.applications;
  return apps.length === 1 ? apps[0]!.toLowerCase() : null;
}

/** Fields every offline tip shares. */
export function offlineTipBase(context: TipContext): Pick<OfflineTip, "taskCategory" | "granularity" | "sourceOutcome" | "source"> {
  const { outcome } = context.analysis;
  return {
    // The task's own category is the only one that is "obvious" without a model.
    taskCategory: context.trajectory.task.category ?? null,
    granularity: "task",
    sourceOutcome: `${outcome.category.replace(/_/g, " ")} (${outcome.evidence[0]})`,
    source: "heuristic",
  };
}

export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export const unique = (items: string[]) => [...new Set(items)];
