// The evaluation set of a project: held-out tasks with the tips retrieval should return for them,
// added by hand (approved tips picked from a list) or derived from the project's trajectories
// (rule in derive.ts). Deriving again replaces the derived tasks, never the hand-made or edited ones.
import {
  createEvaluationTask,
  deleteEvaluationTask as deleteTaskRow,
  listApprovedTipSources,
  listEvaluationTasks,
  listTipSummaries,
  listTrajectoriesForDerivation,
  replaceDerivedEvaluationTasks,
  updateEvaluationTask as updateTaskRow,
  type EvaluationTaskRow,
  type TipSummaryRow,
} from "../../db/retrieval-evaluation";
import { AppError } from "../../errors";
import { deriveEvaluationTasks } from "./derive";
import {
  addEvaluationTaskSchema,
  deleteEvaluationTaskSchema,
  updateEvaluationTaskSchema,
  type AddEvaluationTaskInput,
  type DeriveEvaluationResult,
  type EvaluationTaskView,
  type TipSummaryView,
  type UpdateEvaluationTaskInput,
} from "./schema";

export async function listEvaluationSet({ projectId }: { projectId: string }): Promise<EvaluationTaskView[]> {
  const rows = await listEvaluationTasks({ projectId });
  const tips = await listTipSummaries({ projectId, ids: [...new Set(rows.flatMap((row) => row.expectedTipIds))] });
  const byId = new Map(tips.map((tip) => [tip.id, toTipSummaryView(tip)]));
  return rows.map((row) => toTaskView(row, byId));
}

export async function addEvaluationTask(input: AddEvaluationTaskInput, actor: string | null = null): Promise<EvaluationTaskView> {
  const { projectId, task, expectedTipIds } = addEvaluationTaskSchema.parse(input);
  const tips = await approvedTipsOrThrow(projectId, expectedTipIds);
  return toTaskView(await createEvaluationTask({ projectId, task, expectedTipIds, actor }), tips);
}

export async function updateEvaluationTask(input: UpdateEvaluationTaskInput, actor: string | null = null): Promise<EvaluationTaskView> {
  const { projectId, id, task, expectedTipIds } = updateEvaluationTaskSchema.parse(input);
  const tips = await approvedTipsOrThrow(projectId, expectedTipIds);
  const row = await updateTaskRow({ projectId, id, task, expectedTipIds, actor });
  if (!row) throw new AppError("NOT_FOUND", { userMessage: "That evaluation task no longer exists." });
  return toTaskView(row, tips);
}

export async function deleteEvaluationTask(input: { projectId: string; id: string }): Promise<{ id: string }> {
  const { projectId, id } = deleteEvaluationTaskSchema.parse(input);
  if (!(await deleteTaskRow({ projectId, id }))) throw new AppError("NOT_FOUND", { userMessage: "That evaluation task no longer exists." });
  return { id };
}

/** Derives one task per qualifying trajectory (derive.ts) and replaces the earlier derived ones. */
export async function deriveEvaluationSet({ projectId }: { projectId: string }, actor: string | null = null): Promise<DeriveEvaluationResult> {
  const [trajectories, tips] = await Promise.all([listTrajectoriesForDerivation({ projectId }), listApprovedTipSources({ projectId })]);
  const tasks = deriveEvaluationTasks(
    trajectories.map((trajectory) => ({ ...trajectory, isArchived: trajectory.state !== "active" })),
    tips.map((tip) => ({ id: tip.id, sourceTrajectoryIds: tip.sources.map((source) => source.trajectoryId) })),
  );
  const candidates = trajectories.filter((trajectory) => trajectory.state === "active" && trajectory.taskDescription.trim()).length;
  const written = await replaceDerivedEvaluationTasks({ projectId, tasks, actor });
  return { ...written, skipped: candidates - tasks.length };
}

/** Expected tips must be approved tips of the project (what retrieval can return by default). */
async function approvedTipsOrThrow(projectId: string, ids: string[]): Promise<Map<string, TipSummaryView>> {
  const tips = await listTipSummaries({ projectId, ids });
  const approved = new Map(tips.filter((tip) => tip.status === "approved").map((tip) => [tip.id, toTipSummaryView(tip)]));
  if (approved.size !== ids.length) {
    throw new AppError("INVALID_INPUT", { userMessage: "Expected tips must be approved tips of this project; reload the list and pick again." });
  }
  return approved;
}

function toTaskView(row: EvaluationTaskRow, tips: Map<string, TipSummaryView>): EvaluationTaskView {
  return {
    id: row.id,
    task: row.task,
    origin: row.origin === "derived" ? "derived" : "manual",
    trajectoryId: row.trajectoryId,
    expectedTips: row.expectedTipIds.map((id) => tips.get(id)).filter((tip): tip is TipSummaryView => tip !== undefined),
    ignoredTipCount: row.ignoredTipIds.length,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTipSummaryView(tip: TipSummaryRow): TipSummaryView {
  return { id: tip.id, status: tip.status, content: tip.content, category: tip.category, priority: tip.priority, application: tip.application, granularity: tip.granularity };
}
