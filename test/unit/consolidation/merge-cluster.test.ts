// Cluster merge with the scripted fake client: keys mapped back to ids, invalid output corrected
// and reported, precedence applied to conflicts, rule-decided metadata, split calls.
import { describe, expect, it } from "vitest";
import { mergeCluster } from "../../../lib/consolidation/merge/merge-cluster";
import type { ClusterMergeOutput, MergedTipOutput } from "../../../lib/consolidation/merge/schema";
import { AppError } from "../../../lib/errors";
import { createFakeLlmClient } from "../../../lib/llm/fake-client";
import { consolidationTip } from "./tip-fixtures";

const PROMPT_ID = "consolidation.merge";
const DESCRIPTIONS = ["get service account credentials", "get app login credentials"];

const TIPS = [
  consolidationTip({ id: "tip-a", priority: "medium", status: "approved", steps: ["Call show_account_passwords()", "Log in"] }),
  consolidationTip({ id: "tip-b", priority: "high", content: "Retrieve credentials with the supervisor password API before authentication.", steps: ["Log in", "Check the access token"] }),
  consolidationTip({ id: "tip-c", category: "recovery", content: "When login fails, retry the login immediately.", sourceOutcomes: ["failure"], priority: "critical" }),
  consolidationTip({ id: "tip-d", category: "recovery", content: "When login fails, re-retrieve the credentials before retrying.", sourceOutcomes: ["success"] }),
];

function merged(overrides: Partial<MergedTipOutput> = {}): MergedTipOutput {
  return {
    sourceTipIds: ["T1", "T2"],
    content: "Before logging in, call show_account_passwords() and use the stored password, then check the access token.",
    purpose: "Guessed credentials make login fail.",
    steps: ["Call show_account_passwords()", "Log in", "Check the access token"],
    trigger: "When a task needs to log in to an app",
    negativeExample: "Do not guess the password.",
    category: "optimization",
    priority: "low",
    application: "spotify",
    rationale: "T1 and T2 give the same advice; T2 adds the token check.",
    ...overrides,
  };
}

function answer(overrides: Partial<ClusterMergeOutput> = {}): ClusterMergeOutput {
  return { canonicalDescription: " get service account credentials. ", mergedTips: [merged()], conflicts: [], keepSeparate: [], ...overrides };
}

describe("mergeCluster", () => {
  it("maps keys to ids, re-decides the metadata by rule, and decides conflicts by precedence", async () => {
    const llm = createFakeLlmClient([
      {
        promptId: PROMPT_ID,
        object: answer({
          conflicts: [{ tipIds: ["T3", "T4"], preferredTipId: "T3", reason: "Retrying is quicker." }],
          keepSeparate: [{ tipIds: ["T1", "T4"], reason: "Different situations." }],
        }),
      },
    ]);
    const result = await mergeCluster({ clusterDescriptions: DESCRIPTIONS, tips: TIPS }, { projectId: "p1" }, { llm });
    llm.assertAllConsumed();
    expect(llm.calls.map((c) => [c.promptId, c.promptVersion, c.stage, c.projectId, c.schemaName])).toEqual([[PROMPT_ID, "v1", "consolidation", "p1", "cluster_merge"]]);
    expect(result.canonicalDescription).toBe("get service account credentials");
    expect(result.merges).toHaveLength(1);
    const [merge] = result.merges;
    expect(merge?.sourceTipIds).toEqual(["tip-a", "tip-b"]);
    // Rules, not the model: most severe priority, majority category, shared application.
    expect(merge?.tip).toMatchObject({ priority: "high", category: "strategy", application: "spotify", taskCategory: "authentication" });
    expect(merge?.modelSuggested).toEqual({ category: "optimization", priority: "low", application: "spotify" });
    expect(merge?.tip.steps).toEqual(["Call show_account_passwords()", "Log in", "Check the access token"]);
    expect(merge?.diff.steps.items.map((i) => i.status)).toEqual(["kept", "kept", "kept"]);
    expect(merge?.rationale).toBe("T1 and T2 give the same advice; T2 adds the token check.");
    expect(result.conflicts).toEqual([
      {
        winnerId: "tip-d",
        loserId: "tip-c",
        rule: "success-over-failure",
        reason: "Tip tip-d comes from a successful trajectory; tip tip-c only from failed ones. The model preferred tip tip-c: Retrying is quicker.",
      },
    ]);
    expect(result.keepSeparate).toEqual([{ tipIds: ["tip-a", "tip-d"], reason: "Different situations." }]);
    expect(result.calls).toEqual([expect.objectContaining({ promptId: PROMPT_ID, callId: "fake-call-1" })]);
    expect(result.issues).toEqual([]);
  });

  it("drops unknown ids, repeated tips, empty and invalid merges, and self-contradicting conflicts, reporting each", async () => {
    const llm = createFakeLlmClient([
      {
        promptId: PROMPT_ID,
        object: answer({
          mergedTips: [
            merged({ sourceTipIds: ["T1", "T2", "T9"], steps: [] }),
            merged({ sourceTipIds: ["T2", "T3"], content: "When login fails, re-read the error before retrying anything." }),
            merged({ sourceTipIds: ["T7"] }),
            merged({ sourceTipIds: ["T4"], content: "Too short" }),
          ],
          conflicts: [
            { tipIds: ["T1", "T2"], preferredTipId: "T1", reason: "x" },
            { tipIds: ["T3", "T8"], preferredTipId: "T3", reason: "x" },
            { tipIds: ["T3", "T4"], preferredTipId: "T42", reason: "" },
            { tipIds: ["T4", "T3"], preferredTipId: "T4", reason: "again" },
          ],
          keepSeparate: [{ tipIds: ["T1", "T99"], reason: "x" }],
        }),
      },
    ]);
    const result = await mergeCluster({ clusterDescriptions: DESCRIPTIONS, tips: TIPS }, {}, { llm });
    expect(result.merges.map((m) => m.sourceTipIds)).toEqual([["tip-a", "tip-b"], ["tip-c"]]);
    // No steps from the model: the ordered union of the sources' steps.
    expect(result.merges[0]?.tip.steps).toEqual(["Call show_account_passwords()", "Log in", "Check the access token"]);
    expect(result.conflicts).toEqual([expect.objectContaining({ winnerId: "tip-d", loserId: "tip-c", rule: "success-over-failure" })]);
    expect(result.keepSeparate).toEqual([]);
    expect(result.issues.map((i) => i.message)).toEqual([
      'Merged tip 1 names unknown tip "T9"; it was ignored.',
      "Merged tip 2: tip tip-b is already in merged tip 1; it was dropped here.",
      'Merged tip 3 names unknown tip "T7"; it was ignored.',
      "Merged tip 3 has no valid source tip and was dropped.",
      "Merged tip 4 was dropped: invalid content.",
      "Conflict 1: tips tip-a and tip-b were also merged together; the conflict was dropped.",
      'Conflict 2 names unknown tip "T8"; it was ignored.',
      "Conflict 2 needs exactly two known tips, got 1; it was dropped.",
      'Keep-separate 1 names unknown tip "T99"; it was ignored.',
      "Keep-separate 1 needs at least two known tips; it was dropped.",
    ]);
    expect(result.issues.every((i) => i.stage === "merge")).toBe(true);
  });

  it("drops a one-tip 'merge' that changes nothing", async () => {
    const d = TIPS[3]!;
    const unchanged = merged({ sourceTipIds: ["T4"], content: d.content, purpose: d.purpose, steps: d.steps, trigger: d.trigger, negativeExample: d.negativeExample });
    const llm = createFakeLlmClient([{ promptId: PROMPT_ID, object: answer({ mergedTips: [unchanged] }) }]);
    const result = await mergeCluster({ clusterDescriptions: DESCRIPTIONS, tips: TIPS }, {}, { llm });
    expect(result.merges).toEqual([]);
    expect(result.issues).toEqual([]);
  });

  it("falls back to the most common member description, and makes no call for a cluster without tips", async () => {
    const llm = createFakeLlmClient([{ promptId: PROMPT_ID, object: answer({ canonicalDescription: "  ", mergedTips: [] }) }]);
    const result = await mergeCluster({ clusterDescriptions: ["Get playlists", "Log in", "fetch the playlists"], tips: TIPS }, {}, { llm });
    expect(result.canonicalDescription).toBe("Get playlists");
    expect(result.issues.map((i) => i.message)).toEqual(['No canonical description was returned; "Get playlists" (the most common member description) is used.']);

    const none = createFakeLlmClient([]);
    const empty = await mergeCluster({ clusterDescriptions: ["Log in"], tips: [] }, {}, { llm: none });
    expect(empty).toEqual({ canonicalDescription: "Log in", merges: [], conflicts: [], keepSeparate: [], calls: [], issues: [] });
  });

  it("splits a large cluster into parts that keep a category together; a failed part is an issue, all failed throws", async () => {
    const tips = [TIPS[0]!, TIPS[2]!, TIPS[1]!, TIPS[3]!, consolidationTip({ id: "tip-e", category: "optimization" })];
    const error = new AppError("LLM_ERROR", { userMessage: "The LLM provider timed out." });
    const llm = createFakeLlmClient([
      { promptId: PROMPT_ID, object: answer({ mergedTips: [merged({ sourceTipIds: ["T2", "T4"], content: "When login fails, re-retrieve the credentials, then retry once." })] }) },
      { promptId: PROMPT_ID, object: answer({ canonicalDescription: "other", mergedTips: [merged({ sourceTipIds: ["T1", "T3"] })] }) },
      { promptId: PROMPT_ID, error },
    ]);
    const result = await mergeCluster({ clusterDescriptions: DESCRIPTIONS, tips }, { maxTipsPerCall: 2 }, { llm });
    llm.assertAllConsumed();
    const keysPerCall = llm.calls.map((c) => [...c.input.matchAll(/^\[(T\d+)\]/gm)].map((m) => m[1]));
    expect(keysPerCall).toEqual([["T2", "T4"], ["T1", "T3"], ["T5"]]);
    expect(llm.calls[0]?.input).toContain("this is part 1 of 3");
    expect(result.merges.map((m) => m.sourceTipIds)).toEqual([["tip-c", "tip-d"], ["tip-a", "tip-b"]]);
    expect(result.canonicalDescription).toBe("get service account credentials");
    expect(result.calls).toHaveLength(2);
    expect(result.issues.map((i) => i.message)).toEqual(["Merge call 3 of 3 failed (The LLM provider timed out.); its 1 tip(s) were left as they are."]);

    const down = createFakeLlmClient([{ promptId: PROMPT_ID, error }]);
    await expect(mergeCluster({ clusterDescriptions: DESCRIPTIONS, tips: TIPS }, {}, { llm: down })).rejects.toBe(error);
  });
});
