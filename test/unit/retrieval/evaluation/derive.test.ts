import { describe, expect, it } from "vitest";
import { deriveEvaluationTasks, isSameFamily, type DerivationTrajectory } from "@/lib/retrieval/evaluation/derive";

const trajectory = (id: string, applications: string[], taskCategory: string | null, extra: Partial<DerivationTrajectory> = {}): DerivationTrajectory => ({
  id,
  taskDescription: `Task of ${id}`,
  applications,
  taskCategory,
  ...extra,
});

describe("isSameFamily", () => {
  it("needs a shared application (case-insensitive) and equal categories when both have one", () => {
    expect(isSameFamily({ applications: ["Venmo"], taskCategory: "Payments" }, { applications: [" venmo ", "gmail"], taskCategory: "payments" })).toBe(true);
    expect(isSameFamily({ applications: ["venmo"], taskCategory: "payments" }, { applications: ["venmo"], taskCategory: null })).toBe(true);
    expect(isSameFamily({ applications: ["venmo"], taskCategory: "payments" }, { applications: ["venmo"], taskCategory: "refunds" })).toBe(false);
    expect(isSameFamily({ applications: ["venmo"], taskCategory: null }, { applications: ["spotify"], taskCategory: null })).toBe(false);
  });

  it("falls back to the task category when either has no application", () => {
    expect(isSameFamily({ applications: [], taskCategory: "payments" }, { applications: ["venmo"], taskCategory: "Payments" })).toBe(true);
    expect(isSameFamily({ applications: [], taskCategory: null }, { applications: [], taskCategory: null })).toBe(false);
  });
});

describe("deriveEvaluationTasks", () => {
  it("expects tips learned from other trajectories of the family, ignores a task's own tips, skips tasks that expect nothing", () => {
    const trajectories = [
      trajectory("t1", ["venmo"], "payments"),
      trajectory("t2", ["Venmo"], "Payments"),
      trajectory("t3", ["venmo"], "refunds"),
      trajectory("t4", ["spotify"], null),
      trajectory("t5", [], "payments"),
      trajectory("t6", ["venmo"], "payments", { isArchived: true }),
      trajectory("t7", ["venmo"], "payments", { taskDescription: "   " }),
    ];
    const tips = [
      { id: "A", sourceTrajectoryIds: ["t1"] },
      { id: "B", sourceTrajectoryIds: ["t2", "t4", "t2"] },
      { id: "C", sourceTrajectoryIds: [] },
      { id: "D", sourceTrajectoryIds: ["t6"] },
      { id: "E", sourceTrajectoryIds: ["t3"] },
      { id: "F", sourceTrajectoryIds: ["unknown-trajectory"] },
    ];
    expect(deriveEvaluationTasks(trajectories, tips)).toEqual([
      // t1: B through t2, D through the archived t6; A is its own.
      { trajectoryId: "t1", task: "Task of t1", expectedTipIds: ["B", "D"], ignoredTipIds: ["A"] },
      // t2: B is partly its own, and its other source (t4, spotify) is another family: neither expected nor ignored.
      { trajectoryId: "t2", task: "Task of t2", expectedTipIds: ["A", "D"], ignoredTipIds: [] },
      // t3 (refunds) and t4 (spotify) expect nothing: skipped. t5 has no application: the category decides.
      { trajectoryId: "t5", task: "Task of t5", expectedTipIds: ["A", "B", "D"], ignoredTipIds: [] },
    ]);
  });
});
