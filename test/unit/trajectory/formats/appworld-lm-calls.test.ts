import { describe, expect, it } from "vitest";
import { appworldLmCallsFormat } from "../../../../lib/trajectory/formats/appworld-lm-calls";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const FIXTURE = "appworld/82e2fac_1.lm_calls.jsonl";

describe("appworld lm_calls.jsonl: golden fixture", () => {
  it("82e2fac_1.lm_calls.jsonl", async () => {
    const doc = fixtureDocument(FIXTURE);
    expect(appworldLmCallsFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = appworldLmCallsFormat.parse(doc);
    expect(output.issues).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot("../../../fixtures/trajectories/appworld/82e2fac_1.lm_calls.golden.json");
  });

  it("rebuilds the run from the last line: the real (last) Task, not the demo; code steps with the error and its fix", () => {
    const [trajectory] = appworldLmCallsFormat.parse(fixtureDocument(FIXTURE)).trajectories;
    expect(trajectory!.task).toEqual({ id: "82e2fac_1", description: 'How many of my Spotify playlists have "workout" in their title?', applications: ["spotify"] });
    expect(trajectory!.steps.map((s) => [s.kind, s.isError ?? false])).toEqual([["code", true], ["code", false], ["code", false]]);
    expect(trajectory!.steps[0]).toMatchObject({ thought: "I need a Spotify token first; the password is in the supervisor app.", errorMessage: expect.stringMatching(/^Exception: Response status code is 422/) });
    expect(trajectory!.finalAnswer).toBe("2");
    expect(trajectory!.outcome).toMatchObject({ label: "success", source: "self_report", details: { statusGiven: false } });
    expect(trajectory!.metadata.extra).toMatchObject({ llmCalls: 3, skippedDemo: { task: "How many playlists do I have in my Spotify library?" } });
  });

  it("sums usage over the calls and scrubs the api_key", () => {
    const doc = fixtureDocument(FIXTURE);
    const [trajectory] = appworldLmCallsFormat.parse(doc).trajectories;
    expect(trajectory!.metadata.usage).toEqual({ inputTokens: 4500, outputTokens: 160, cachedTokens: 2304 });
    expect(doc.text).toContain("sk-test-not-a-real-key");
    expect(JSON.stringify(trajectory)).not.toContain("sk-test-not-a-real-key");
    expect(trajectory!.metadata.extra?.requestParams).toEqual({ model: "gpt-4o-2024-08-06", temperature: 0, seed: 100 });
  });
});

describe("appworld lm_calls.jsonl: other shapes", () => {
  it.each([
    ["chat array", "c.json", JSON.stringify([{ role: "user", content: "hi" }])],
    ["Codex rollout", "r.jsonl", JSON.stringify({ timestamp: "t", type: "response_item", payload: { type: "message", role: "user", content: [] } })],
    ["Claude Code line", "s.jsonl", JSON.stringify({ type: "user", uuid: "u", sessionId: "s", message: { role: "user", content: "apis.spotify" } })],
    ["ATIF", "t.json", JSON.stringify({ schema_version: "ATIF-v1.6", steps: [] })],
  ])("detect() is 0 for %s", (_label, name, text) => expect(appworldLmCallsFormat.detect(toSourceDocument(name, text))).toBe(0));

  it("garbage yields an error issue, never a throw", () => {
    const output = appworldLmCallsFormat.parse(toSourceDocument("lm_calls.jsonl", '{"id":1,"input":"oops"}\n{"output":null}'));
    expect(output.trajectories).toEqual([]);
    expect(output.issues[0]?.severity).toBe("error");
  });
});
