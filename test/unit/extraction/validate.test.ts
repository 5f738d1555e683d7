// Pure validators: segmentation repair, tip checks, dedupe.
import { describe, expect, it } from "vitest";
import { dedupeTips } from "../../../lib/extraction/dedupe-tips";
import type { ExtractedTip } from "../../../lib/extraction/extracted-tip";
import type { ExtractionIssue } from "../../../lib/extraction/issues";
import { validateSubtasks } from "../../../lib/extraction/segmentation/validate-subtasks";
import { mergeRanges, validateTips } from "../../../lib/extraction/tips/validate-tips";
import { subtask, tip } from "./fixtures";

function collect<T>(run: (issues: ExtractionIssue[]) => T): { value: T; messages: string[] } {
  const issues: ExtractionIssue[] = [];
  const value = run(issues);
  return { value, messages: issues.map((i) => i.message) };
}
const ranges = (subtasks: { stepStart: number; stepEnd: number }[]) => subtasks.map((s) => [s.stepStart, s.stepEnd]);

describe("validateSubtasks", () => {
  it("keeps a valid segmentation as is (apps normalised)", () => {
    const input = [{ ...subtask(0, 3, "Authenticate with Venmo"), applications: [" Venmo", "venmo"] }, subtask(4, 9, "Send payment requests on Venmo")];
    const { value, messages } = collect((issues) => validateSubtasks(input, 10, issues));
    expect(ranges(value)).toEqual([[0, 3], [4, 9]]);
    expect(value[0]?.applications).toEqual(["venmo"]);
    expect(messages).toEqual([]);
  });

  it("fills gaps into the previous subtask and drops one nested in another", () => {
    const { value, messages } = collect((issues) => validateSubtasks([subtask(0, 2, "A"), subtask(5, 9, "B"), subtask(6, 7, "C")], 10, issues));
    expect(ranges(value)).toEqual([[0, 4], [5, 9]]);
    expect(messages).toEqual(['Steps 3–4 were not covered and were added to "A".', 'Subtask "C" (steps 6–7) lies inside the previous one and was dropped.']);
  });

  it("drops subtasks outside the trajectory or without a description, and returns [] when nothing is usable", () => {
    const { value, messages } = collect((issues) => validateSubtasks([subtask(20, 30, "Far away"), subtask(0, 1, "  ")], 5, issues));
    expect(value).toEqual([]);
    expect(messages).toEqual([
      "Subtask 1: range 20–30 lies outside steps 0–4 and was dropped.",
      "Subtask 2 has no description and was dropped.",
      "No usable subtask was returned.",
    ]);
  });

  it("merges subtasks beyond the maximum into the last one kept", () => {
    const many = Array.from({ length: 10 }, (_, i) => subtask(i, i, `Phase ${i}`));
    const { value, messages } = collect((issues) => validateSubtasks(many, 10, issues));
    expect(value).toHaveLength(8);
    expect(value.at(-1)).toMatchObject({ stepStart: 7, stepEnd: 9 });
    expect(messages).toEqual(["10 subtasks returned; the last 3 were merged into one (max 8)."]);
  });
});

describe("validateTips", () => {
  const rules = { range: { stepStart: 2, stepEnd: 6 }, min: 2, max: 4, expectedCategory: null, where: "Subtask 1 tips" };

  it("drops empty tips, reports too few, and flags task-specific values", () => {
    const input = [tip({ content: "  " }), tip({ steps: ["Request money from jo-harr@gmail.com"], provenance: [{ stepStart: 3, stepEnd: 4 }] })];
    const { value, messages } = collect((issues) => validateTips(input, rules, issues));
    expect(value).toHaveLength(1);
    expect(messages).toEqual([
      "Subtask 1 tips: tip 1 has no content or no steps and was dropped.",
      "Subtask 1 tips: 1 tip(s) returned, at least 2 expected.",
      "Subtask 1 tips: tip 1 mentions an email address or a long number (a task-specific value?).",
    ]);
  });

  it("keeps the model's category when none is enforced and merges overlapping provenance", () => {
    const input = [tip({ category: "optimization", provenance: [{ stepStart: 4, stepEnd: 6 }, { stepStart: 2, stepEnd: 4 }] }), tip()];
    const { value } = collect((issues) => validateTips(input, rules, issues));
    expect(value[0]).toMatchObject({ category: "optimization", provenance: [{ stepStart: 2, stepEnd: 6 }] });
  });

  it("mergeRanges joins touching ranges", () => {
    expect(mergeRanges([{ stepStart: 5, stepEnd: 6 }, { stepStart: 1, stepEnd: 2 }, { stepStart: 3, stepEnd: 3 }])).toEqual([
      { stepStart: 1, stepEnd: 3 },
      { stepStart: 5, stepEnd: 6 },
    ]);
  });
});

describe("dedupeTips", () => {
  const extracted = (content: string, granularity: "task" | "subtask", stepStart: number): ExtractedTip => ({
    ...tip({ content }),
    granularity,
    provenance: [{ stepStart, stepEnd: stepStart }],
    sourceOutcome: "clean_success",
    source: "llm",
    indexDescription: "x",
    subtaskIndex: granularity === "task" ? null : 0,
    llm: { callId: "c", model: "m", promptId: "extraction.tips", promptVersion: "v1" },
  });

  it("collapses identical and near-identical text within a granularity, never across", () => {
    const tips = [
      extracted("Use empty_cart() instead of removing items one by one when clearing the cart.", "task", 1),
      extracted("use EMPTY_CART() instead of removing items one by one, when clearing the cart!", "task", 4),
      extracted("Use empty_cart() instead of removing items one by one when clearing the whole cart.", "task", 6),
      extracted("Use empty_cart() instead of removing items one by one when clearing the cart.", "subtask", 2),
      extracted("Verify the payment method before checkout.", "task", 3),
    ];
    const { value, messages } = collect((issues) => dedupeTips(tips, issues));
    expect(value.map((t) => [t.granularity, t.provenance.map((p) => p.stepStart)])).toEqual([
      ["task", [1, 4, 6]],
      ["subtask", [2]],
      ["task", [3]],
    ]);
    expect(messages).toHaveLength(2);
  });
});
