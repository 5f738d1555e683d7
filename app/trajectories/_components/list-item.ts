// One row of the trajectory list as it crosses to the browser (dates as ISO strings), built the
// same way by the page's first render and by GET /api/trajectories.
import type { OUTCOME_LABELS, OUTCOME_SOURCES } from "@/lib/trajectory/schema";

export type OutcomeLabel = (typeof OUTCOME_LABELS)[number];
export type OutcomeSource = (typeof OUTCOME_SOURCES)[number];

export interface TrajectoryListItem {
  id: string;
  externalId: string | null;
  taskDescription: string;
  applications: string[];
  sourceFormat: string;
  outcomeLabel: OutcomeLabel;
  outcomeSource: OutcomeSource;
  stepCount: number;
  errorCount: number;
  /** ISO 8601 import time. */
  createdAt: string;
}

export interface TrajectoryListPage {
  items: TrajectoryListItem[];
  nextCursor: string | null;
  total: number;
}

/** Long tasks (a whole GitHub issue) are cut for the list; the viewer shows them in full. */
const MAX_TASK_CHARS = 400;

export function toListItem(row: Omit<TrajectoryListItem, "createdAt"> & { createdAt: Date }): TrajectoryListItem {
  const task = row.taskDescription;
  return {
    ...row,
    taskDescription: task.length > MAX_TASK_CHARS ? `${task.slice(0, MAX_TASK_CHARS)}…` : task,
    createdAt: row.createdAt.toISOString(),
  };
}
