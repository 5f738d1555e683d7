import { describe, expect, it } from "vitest";
import { appworldDerivedFormat } from "@/lib/trajectory/formats/appworld-derived";
import { toSourceDocument } from "@/lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

describe("appworld-derived format", () => {
  const doc = fixtureDocument("appworld-derived/ace__3b7c1d2_1.json");

  it("detects the derived shape and nothing else", () => {
    expect(appworldDerivedFormat.detect(doc)).toBeGreaterThan(0.9);
    expect(appworldDerivedFormat.detect(toSourceDocument("x.json", '[{"role":"user","content":"hi"}]'))).toBe(0);
    expect(appworldDerivedFormat.detect(toSourceDocument("x.json", '{"schema_version":"ATIF-v1.6","steps":[]}'))).toBe(0);
  });

  it("pairs code with REPL output, flags the failed cell and reads the self-reported status", async () => {
    const output = appworldDerivedFormat.parse(doc);
    expect(output.issues).toEqual([]);
    const [trajectory] = output.trajectories;
    expect(trajectory!.task).toMatchObject({ id: "3b7c1d2_1", applications: ["phone", "venmo"] });
    expect(trajectory!.steps).toHaveLength(4);
    expect(trajectory!.steps[1]).toMatchObject({ kind: "code", isError: true, errorMessage: expect.stringContaining("401") });
    expect(trajectory!.steps[2]).toMatchObject({ thought: expect.stringContaining("not logged in"), isError: false });
    expect(trajectory!.outcome).toMatchObject({ label: "success", source: "self_report" });
    await expect(output).toMatchFileSnapshot("../../../fixtures/trajectories/appworld-derived/ace__3b7c1d2_1.golden.json");
  });

  it("reports a missing Task.agent/environment pair as an error instead of throwing", () => {
    const output = appworldDerivedFormat.parse(toSourceDocument("x.json", '{"Instruction": "x", "Task": {}}'));
    expect(output.trajectories).toEqual([]);
    expect(output.issues[0]).toMatchObject({ severity: "error", path: "$.Task" });
  });
});
