import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { openaiResponsesFormat } from "../../../../lib/trajectory/formats/openai-responses";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, sampleDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("openai-responses: golden fixtures", () => {
  it.each([
    "items-reasoning-shell-patch.json",
    "request-response-image.json",
    "chained-previous-response.jsonl",
  ])("%s", async (name) => {
    const doc = fixtureDocument(`openai-responses/${name}`);
    expect(openaiResponsesFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = openaiResponsesFormat.parse(doc);
    expect(output.issues).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot(`../../../fixtures/trajectories/openai-responses/${name.replace(/\.jsonl?$/, "")}.golden.json`);
  });

  it("flags the failing test run and the recovery after the patch", () => {
    const [trajectory] = openaiResponsesFormat.parse(fixtureDocument("openai-responses/items-reasoning-shell-patch.json")).trajectories;
    const calls = trajectory!.steps.filter((s) => s.kind === "tool_call");
    expect(calls.map((s) => [s.kind === "tool_call" && s.name, s.isError ?? false])).toEqual([
      ["shell", true], ["apply_patch", false], ["shell", false], ["web_search", false],
    ]);
    expect(trajectory!.task.description).toBe("Fix the failing test in tests/test_math.py.");
    expect(JSON.stringify(trajectory!.steps.map((s) => s.thought))).not.toContain("gAAAA");
  });

  it("chains previous_response_id calls into one conversation and sums usage", () => {
    const output = openaiResponsesFormat.parse(fixtureDocument("openai-responses/chained-previous-response.jsonl"));
    expect(output.trajectories).toHaveLength(1);
    expect(output.trajectories[0]!.metadata.usage).toMatchObject({ inputTokens: 270, outputTokens: 60, cachedTokens: 120 });
    expect(output.trajectories[0]!.steps.map((s) => s.isError ?? false)).toEqual([true, false, false]);
  });
});

describe("openai-responses: real sample", () => {
  it("parses the recorded /v1/responses request and response bodies", () => {
    const cassette = parseYaml(sampleDocument("openai_responses/otel-contrib_test_responses_create_captures_tool_call_content.yaml").text);
    const interaction = cassette.interactions[0];
    const record = { request: JSON.parse(interaction.request.body), response: JSON.parse(interaction.response.body.string) };
    const doc = toSourceDocument("response.json", JSON.stringify(record));
    expect(openaiResponsesFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = openaiResponsesFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    const [trajectory] = output.trajectories;
    expect(trajectory!.task.description).toBe("What's the weather in Seattle right now?");
    expect(trajectory!.steps).toMatchObject([{ kind: "tool_call", name: "get_current_weather", arguments: { location: "Seattle, WA" }, callId: "call_90uO5LcGP5vTBTCrjyhYtWsA" }]);
    expect(trajectory!.metadata).toMatchObject({ model: "gpt-4o-mini-2024-07-18", usage: { inputTokens: 72, outputTokens: 8 } });
  });

  it("does not claim the chat samples or the cassette files themselves", () => {
    expect(openaiResponsesFormat.detect(sampleDocument("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json"))).toBe(0);
    expect(openaiResponsesFormat.detect(sampleDocument("altk-evolve/claude_code_filesystem_mcp_trajectory.function-call-list.json"))).toBe(0);
    expect(openaiResponsesFormat.detect(sampleDocument("openai_responses/otel-contrib_test_responses_create_captures_tool_call_content.yaml"))).toBe(0);
  });
});

describe("openai-responses: negative cases", () => {
  it.each([
    ["an ATIF trajectory", "t.json", JSON.stringify({ schema_version: "ATIF-v1.6", agent: { name: "a" }, steps: [] })],
    ["a Claude Code session line", "s.jsonl", JSON.stringify({ type: "assistant", uuid: "u", sessionId: "s", message: { role: "assistant", content: [] } })],
    ["a Codex rollout line", "r.jsonl", JSON.stringify({ timestamp: "t", type: "response_item", payload: { type: "function_call", call_id: "c", name: "shell", arguments: "{}" } })],
    ["a plain chat array", "c.json", JSON.stringify([{ role: "user", content: "hi" }, { role: "assistant", content: "yo" }])],
  ])("detect() is 0 for %s", (_label, fileName, text) => {
    expect(openaiResponsesFormat.detect(toSourceDocument(fileName, text))).toBe(0);
  });

  it.each([["{\"output\": 5}"], ["[{\"type\": 1}]"], ["garbage"]])("parse(%s) reports an error instead of throwing", (text) => {
    const output = openaiResponsesFormat.parse(toSourceDocument("bad.json", text));
    expect(output.trajectories).toEqual([]);
    expect(output.issues[0]).toMatchObject({ severity: "error" });
  });

  it("warns when the last response did not complete", () => {
    const record = { input: "hi", output: { object: "response", id: "r", status: "incomplete", output: [] } };
    const output = openaiResponsesFormat.parse(toSourceDocument("r.json", JSON.stringify(record)));
    expect(output.issues).toContainEqual(expect.objectContaining({ severity: "warning", message: expect.stringContaining("incomplete") }));
  });
});
