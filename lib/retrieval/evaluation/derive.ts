// PURE: an evaluation set derived from a project's own trajectories, when nobody has picked the
// expected tips by hand. The rule (also shown on the Retrieval page, DERIVATION_RULE):
//
// 1. Every active (not archived) trajectory with a task description is a held-out task; its text
//    is the task. Archived trajectories still count as provenance below.
// 2. Two trajectories are of the same family when they share an application and, if both have a
//    task category, the categories are equal; when either has no application, when both have the
//    same task category. Names compare trimmed and case-insensitively.
// 3. Leave-one-out: for task T, a tip's provenance is its source trajectories other than T.
//    - A tip learned only from T is ignored for T (neither expected nor counted when retrieved):
//      its description is T's own, so retrieving it says nothing about retrieval.
//    - A tip is expected for T when some other source trajectory is of T's family.
//    - Every other tip (other families, or no in-project provenance) should not be retrieved.
// 4. Tasks that expect no tip are left out (they would only measure the rule's coarseness).
// Only approved tips are considered (they are what retrieval returns by default).

export const DERIVATION_RULE =
  "For each trajectory, the expected tips are the approved tips learned from other trajectories of the same family: " +
  "they share an application (and the same task category when both have one), or, without applications, the same task category. " +
  "Tips learned only from the task's own trajectory are ignored for it (leave-one-out). Trajectories that expect no tip are skipped.";

export interface DerivationTrajectory {
  id: string;
  taskDescription: string;
  applications: readonly string[];
  taskCategory: string | null;
  /** Archived trajectories are provenance only, never tasks. */
  isArchived?: boolean;
}

export interface DerivationTip {
  id: string;
  /** In-project provenance: the trajectories the tip was learned from (any order, duplicates allowed). */
  sourceTrajectoryIds: readonly string[];
}

export interface DerivedTask {
  trajectoryId: string;
  task: string;
  expectedTipIds: string[];
  ignoredTipIds: string[];
}

interface Family {
  applications: Set<string>;
  category: string | null;
}

function normalized(value: string | null | undefined): string | null {
  const text = value?.trim().toLowerCase();
  return text ? text : null;
}

function familyOf(trajectory: DerivationTrajectory): Family {
  return {
    applications: new Set(trajectory.applications.map(normalized).filter((name): name is string => name !== null)),
    category: normalized(trajectory.taskCategory),
  };
}

/** Rule 2. */
export function isSameFamily(a: Pick<DerivationTrajectory, "applications" | "taskCategory">, b: Pick<DerivationTrajectory, "applications" | "taskCategory">): boolean {
  return sameFamily(familyOf({ id: "", taskDescription: "", ...a }), familyOf({ id: "", taskDescription: "", ...b }));
}

function sameFamily(a: Family, b: Family): boolean {
  if (a.applications.size === 0 || b.applications.size === 0) return a.category !== null && a.category === b.category;
  const sharesApplication = [...a.applications].some((name) => b.applications.has(name));
  return sharesApplication && (a.category === null || b.category === null || a.category === b.category);
}

/** Rules 1–4, in the order of `trajectories`; expected and ignored ids keep the order of `tips`. */
export function deriveEvaluationTasks(trajectories: readonly DerivationTrajectory[], tips: readonly DerivationTip[]): DerivedTask[] {
  const families = new Map(trajectories.map((trajectory) => [trajectory.id, familyOf(trajectory)]));
  const tasks: DerivedTask[] = [];
  for (const trajectory of trajectories) {
    const task = trajectory.taskDescription.trim();
    if (!task || trajectory.isArchived) continue;
    const family = families.get(trajectory.id)!;
    const expectedTipIds: string[] = [];
    const ignoredTipIds: string[] = [];
    for (const tip of tips) {
      const sources = new Set(tip.sourceTrajectoryIds);
      const isOwn = sources.delete(trajectory.id);
      if (isOwn && sources.size === 0) ignoredTipIds.push(tip.id);
      else if ([...sources].some((id) => families.has(id) && sameFamily(family, families.get(id)!))) expectedTipIds.push(tip.id);
    }
    if (expectedTipIds.length > 0) tasks.push({ trajectoryId: trajectory.id, task, expectedTipIds, ignoredTipIds });
  }
  return tasks;
}
