// Documented merge rules and the reviewer's diff.
import { describe, expect, it } from "vitest";
import {
  commonValue,
  diffTips,
  majorityCategory,
  mostSeverePriority,
  ruleFields,
  unionProvenance,
  unionSteps,
} from "../../../lib/consolidation/merge/merged-fields";
import type { MergedTip } from "../../../lib/consolidation/merge/types";
import { wordDiff } from "../../../lib/consolidation/merge/word-diff";
import { consolidationTip } from "./tip-fixtures";

describe("merged-field rules", () => {
  it("priority: the most severe source wins", () => {
    expect(mostSeverePriority(["low", "high", "medium"])).toBe("high");
    expect(mostSeverePriority(["medium", "critical"])).toBe("critical");
    expect(mostSeverePriority(["low"])).toBe("low");
  });

  it("category: majority, ties broken recovery > strategy > optimization", () => {
    expect(majorityCategory(["optimization", "optimization", "recovery"])).toBe("optimization");
    expect(majorityCategory(["strategy", "optimization"])).toBe("strategy");
    expect(majorityCategory(["optimization", "recovery", "strategy"])).toBe("recovery");
    expect(majorityCategory(["strategy", "recovery", "strategy", "recovery"])).toBe("recovery");
  });

  it("application / task category: the shared value (case-insensitively), else null = generic", () => {
    expect(commonValue(["venmo", "Venmo "])).toBe("venmo");
    expect(commonValue(["venmo", "spotify"])).toBeNull();
    expect(commonValue(["venmo", null])).toBeNull();
    expect(commonValue([null, null])).toBeNull();
  });

  it("steps: ordered union, first occurrence kept, duplicates by normalized text dropped", () => {
    expect(unionSteps([["Call login()", "Check the token"], ["call LOGIN().", "Store the token", "  "], ["Check the token!"]])).toEqual([
      "Call login()",
      "Check the token",
      "Store the token",
    ]);
    expect(unionSteps([Array.from({ length: 30 }, (_, i) => `Step ${i}`)])).toHaveLength(20);
  });

  it("provenance: union of the sources, identical trajectory + range once", () => {
    const a = [{ trajectoryId: "t1", stepStart: 2, stepEnd: 5, outcomeLabel: "success" as const }, { trajectoryId: "t2", stepStart: null, stepEnd: null }];
    const b = [{ trajectoryId: "t1", stepStart: 2, stepEnd: 5 }, { trajectoryId: "t1", stepStart: 6, stepEnd: 7 }];
    expect(unionProvenance([a, b])).toEqual([a[0], a[1], b[1]]);
  });

  it("ruleFields combines the rules for a group of sources", () => {
    const sources = [
      consolidationTip({ id: "a", category: "recovery", priority: "medium", application: "spotify", steps: ["One", "Two"] }),
      consolidationTip({ id: "b", category: "strategy", priority: "high", application: "venmo", steps: ["Two", "Three"] }),
    ];
    expect(ruleFields(sources)).toEqual({ priority: "high", category: "recovery", application: null, taskCategory: "authentication", steps: ["One", "Two", "Three"] });
  });
});

describe("wordDiff", () => {
  it("marks the words kept, deleted and inserted, in runs", () => {
    expect(wordDiff("Always call login before reading data", "Always call show_account_passwords and login before reading")).toEqual([
      { op: "equal", text: "Always call" },
      { op: "insert", text: "show_account_passwords and" },
      { op: "equal", text: "login before reading" },
      { op: "delete", text: "data" },
    ]);
    expect(wordDiff("", "new text")).toEqual([{ op: "insert", text: "new text" }]);
    expect(wordDiff("same", "same")).toEqual([{ op: "equal", text: "same" }]);
  });
});

describe("diffTips", () => {
  it("gives before values per source, the after value and whether it changed, per field", () => {
    const a = consolidationTip({ id: "a", steps: ["Call show_account_passwords()", "Log in"], priority: "medium", negativeExample: null });
    const b = consolidationTip({ id: "b", content: "Retrieve credentials with the supervisor API before authenticating.", steps: ["Log in", "Guess the password"], priority: "high" });
    const merged: MergedTip = {
      category: "strategy",
      content: a.content,
      purpose: a.purpose,
      trigger: a.trigger,
      steps: ["Call show_account_passwords()", "log in.", "Validate the access token"],
      negativeExample: "Do not guess the password.",
      application: "spotify",
      taskCategory: "authentication",
      priority: "high",
    };
    const diff = diffTips([a, b], merged);
    expect(diff.sourceTipIds).toEqual(["a", "b"]);
    expect(diff.priority).toEqual({ before: [{ tipId: "a", value: "medium" }, { tipId: "b", value: "high" }], after: "high", changed: true });
    expect(diff.category.changed).toBe(false);
    expect(diff.content.changed).toBe(true);
    expect(diff.content.words[0]).toEqual({ tipId: "a", parts: [{ op: "equal", text: a.content }] });
    expect(diff.content.words[1]?.parts.map((p) => p.op)).toContain("insert");
    expect(diff.steps.items).toEqual([
      { text: "Call show_account_passwords()", status: "kept", tipIds: ["a"] },
      { text: "log in.", status: "kept", tipIds: ["a", "b"] },
      { text: "Validate the access token", status: "added", tipIds: [] },
    ]);
    expect(diff.steps.dropped).toEqual([{ text: "Guess the password", tipIds: ["b"] }]);
    expect(diff.negativeExample.before).toEqual([{ tipId: "a", value: null }, { tipId: "b", value: "Do not guess the password." }]);
    expect(JSON.parse(JSON.stringify(diff))).toEqual(diff);
  });
});
