// The evaluation set's edges (Retrieval page actions and GET routes) and the views they return. Pure: zod only.
import { z } from "zod";
import { MAX_TASK_CHARS, type TipCategory, type TipGranularity, type TipPriority } from "../schema";

/** Tips one task may expect. */
export const MAX_EXPECTED_TIPS = 200;
/** Tasks one evaluation runs over (each is embedded once per run). */
export const MAX_EVALUATION_TASKS = 2000;

const projectIdSchema = z.uuid("Choose a project.");
const taskTextSchema = z.string().trim().min(1, "Describe the task.").max(MAX_TASK_CHARS, `The task is at most ${MAX_TASK_CHARS} characters.`);
const expectedTipIdsSchema = z
  .array(z.uuid("Tip ids are UUIDs."))
  .max(MAX_EXPECTED_TIPS, `At most ${MAX_EXPECTED_TIPS} expected tips per task.`)
  .transform((ids) => [...new Set(ids)]);

export const addEvaluationTaskSchema = z.object({ projectId: projectIdSchema, task: taskTextSchema, expectedTipIds: expectedTipIdsSchema });
export type AddEvaluationTaskInput = z.input<typeof addEvaluationTaskSchema>;

export const updateEvaluationTaskSchema = addEvaluationTaskSchema.extend({ id: z.uuid() });
export type UpdateEvaluationTaskInput = z.input<typeof updateEvaluationTaskSchema>;

export const deleteEvaluationTaskSchema = z.object({ projectId: projectIdSchema, id: z.uuid() });
export const deriveEvaluationSetSchema = z.object({ projectId: projectIdSchema });

/** GET /api/retrieval/tips: the approved-tip picker. */
export const tipPickerQuerySchema = z.object({ projectId: projectIdSchema, q: z.string().max(200).default("") });

/** GET /api/retrieval/evaluation */
export const evaluationQuerySchema = z.object({ projectId: projectIdSchema });

/** A tip as the evaluation set and the picker list it. */
export interface TipSummaryView {
  id: string;
  status: string;
  content: string;
  category: TipCategory;
  priority: TipPriority;
  application: string | null;
  granularity: TipGranularity;
}

export interface EvaluationTaskView {
  id: string;
  task: string;
  origin: "manual" | "derived";
  trajectoryId: string | null;
  /** In the order stored; a tip no longer in the project is left out. */
  expectedTips: TipSummaryView[];
  /** Tips left out of this task's evaluation (leave-one-out, derived tasks). */
  ignoredTipCount: number;
  updatedAt: string;
}

export interface DeriveEvaluationResult {
  created: number;
  /** Trajectories whose derived task was edited by hand: kept as they are. */
  keptEdited: number;
  /** Trajectories with a task description that expect no tip under the rule. */
  skipped: number;
  removed: number;
}
