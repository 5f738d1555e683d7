import { describe, expect, it } from "vitest";
import { harborResultParser } from "../../../../lib/trajectory/outcomes/harbor-result";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

const GOLDEN_DIR = "../../../fixtures/trajectories/harbor-result";
const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("harbor-result fixtures", () => {
  it.each([["log-archive.result.json"], ["regex-log.crashed.result.json"], ["job.result.json"]])("%s", async (file) => {
    const doc = fixtureDocument(`harbor-result/${file}`);
    expect(harborResultParser.detect(doc)).toBeGreaterThanOrEqual(0.85);
    await expect(golden(harborResultParser.parse(doc))).toMatchFileSnapshot(`${GOLDEN_DIR}/${file.replace(/\.json$/, "")}.golden.json`);
  });

  it("reads reward 1.0 as a verified success keyed by the task name", () => {
    const { outcomes } = harborResultParser.parse(fixtureDocument("harbor-result/log-archive.result.json"));
    expect(outcomes).toMatchObject([{ key: "log-archive", outcome: { label: "success", score: 1, source: "verifier", details: { trialName: "log-archive__Xk3pQ7a" } } }]);
  });

  it("keeps a crashed trial unknown, with the exception as evidence", () => {
    const { outcomes } = harborResultParser.parse(fixtureDocument("harbor-result/regex-log.crashed.result.json"));
    expect(outcomes[0]!.outcome).toMatchObject({ label: "unknown", source: "verifier", details: { exception: { type: "DockerVolumeError" } } });
    expect(outcomes[0]!.outcome.score).toBeUndefined();
  });

  it("maps a job result's reward buckets to trials: full, none, partial credit, and crashed", () => {
    const { outcomes } = harborResultParser.parse(fixtureDocument("harbor-result/job.result.json"));
    expect(Object.fromEntries(outcomes.map((o) => [o.key, [o.outcome.label, o.outcome.score]]))).toEqual({
      "log-archive__Xk3pQ7a": ["success", 1],
      "hello-world__Q1w2E3r": ["success", 1],
      "fix-git__Zz9Yy8x": ["failure", 0],
      "csv-merge__Pp0Oo9i": ["unknown", 0.5],
      "regex-log__Ab12Cd3": ["unknown", undefined],
    });
  });
});

describe("harbor-result negatives", () => {
  it.each([
    ["an ATIF trajectory", fixtureDocument("atif/log-archive.ATIF-v1.6.trajectory.json")],
    ["a SWE-bench report", fixtureDocument("swebench-report/instance-reports.json")],
    ["a bare reward.json", toSourceDocument("reward.json", JSON.stringify({ reward: 1 }))],
    ["garbage", toSourceDocument("x.json", "null")],
  ])("does not claim %s, and parse reports an error", (_name, doc) => {
    expect(harborResultParser.detect(doc)).toBe(0);
    const output = harborResultParser.parse(doc);
    expect(output.outcomes).toEqual([]);
    expect(output.issues.some((i) => i.severity === "error")).toBe(true);
  });
});
