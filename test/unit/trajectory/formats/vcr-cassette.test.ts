import { describe, expect, it } from "vitest";
import { vcrCassetteFormat } from "../../../../lib/trajectory/formats/vcr-cassette";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, sampleDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const CHAT_SAMPLE = "openai_chat_completions/otel-contrib_test_chat_completion_tool_calls_with_content.yaml";
const RESPONSES_SAMPLE = "openai_responses/otel-contrib_test_responses_create_captures_tool_call_content.yaml";

describe("vcr-cassette: golden fixtures", () => {
  it.each([
    "chat-streaming-parallel-tools.yaml",
    "responses-retry-chain-streamed.yaml",
    "anthropic-messages-gzip.yaml",
  ])("%s", async (name) => {
    const doc = fixtureDocument(`vcr-cassette/${name}`);
    expect(vcrCassetteFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = vcrCassetteFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    expect(JSON.stringify(output)).not.toMatch(/FIXTURE-SECRET|FIXTURE-COOKIE/);
    await expect(golden(output)).toMatchFileSnapshot(`../../../fixtures/trajectories/vcr-cassette/${name.replace(/\.yaml$/, "")}.golden.json`);
  });

  it("joins streamed tool-call fragments and flags the failed lookup", () => {
    const [trajectory] = vcrCassetteFormat.parse(fixtureDocument("vcr-cassette/chat-streaming-parallel-tools.yaml")).trajectories;
    expect(trajectory!.steps).toMatchObject([
      { kind: "tool_call", arguments: { location: "Oslo" }, observation: "-3 degrees and snowing", tokens: { inputTokens: 80, outputTokens: 48 } },
      { kind: "tool_call", arguments: { location: "Atlantis" }, isError: true },
      { kind: "message", role: "assistant" },
    ]);
  });

  it("ignores the rate-limited response and the non-LLM request, and reads the streamed final response", () => {
    const output = vcrCassetteFormat.parse(fixtureDocument("vcr-cassette/responses-retry-chain-streamed.yaml"));
    expect(output.issues).toEqual([expect.objectContaining({ severity: "warning", path: "$.interactions[0]", message: expect.stringContaining("429") })]);
    const [trajectory] = output.trajectories;
    expect(trajectory!.finalAnswer).toBe("It's 18°C and cloudy in Paris.");
    expect(trajectory!.metadata.extra).toMatchObject({ otherHttpCalls: 1, calls: 3 });
  });

  it("keeps the task of a cassette whose only LLM call failed, with a warning", () => {
    const body = JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Say hi" }] });
    const text = `interactions:\n- request:\n    body: '${body}'\n    method: POST\n    uri: https://api.openai.com/v1/chat/completions\n  response:\n    body: {string: '{"error": {"message": "model not found"}}'}\n    status: {code: 404, message: Not Found}\n`;
    const output = vcrCassetteFormat.parse(toSourceDocument("c.yaml", text));
    expect(output.issues).toEqual([expect.objectContaining({ severity: "warning", message: expect.stringContaining("HTTP 404") })]);
    expect(output.trajectories).toMatchObject([{ task: { description: "Say hi" }, steps: [] }]);
  });
});

describe("vcr-cassette: real samples", () => {
  it("chat completions cassette: parallel calls with results, the final answer, usage summed over both calls", () => {
    const doc = sampleDocument(CHAT_SAMPLE);
    expect(vcrCassetteFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = vcrCassetteFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(output.trajectories).toHaveLength(1);
    const [trajectory] = output.trajectories;
    expect(trajectory!.task.description).toBe("What's the weather in Seattle and San Francisco today?");
    expect(trajectory!.metadata).toMatchObject({ sourceFormat: "vcr-cassette", systemPrompt: "You're a helpful assistant.", model: "gpt-4o-mini-2024-07-18", usage: { inputTokens: 174, outputTokens: 76 } });
    expect(trajectory!.steps).toMatchObject([
      { kind: "tool_call", name: "get_current_weather", arguments: { location: "Seattle, WA" }, observation: "50 degrees and raining" },
      { kind: "tool_call", name: "get_current_weather", arguments: { location: "San Francisco, CA" }, observation: "70 degrees and sunny" },
      { kind: "message", role: "assistant" },
    ]);
    expect(trajectory!.steps.some((s) => s.isError)).toBe(false);
    expect(trajectory!.finalAnswer).toMatch(/Seattle is 50 degrees and raining/);
    expect(JSON.stringify(output)).not.toMatch(/test_openai_api_key|test_set_cookie|test_cookie/);
  });

  it("responses cassette: the function_call item as a tool call, with usage", () => {
    const doc = sampleDocument(RESPONSES_SAMPLE);
    expect(vcrCassetteFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = vcrCassetteFormat.parse(doc);
    expect(output.issues.filter((i) => i.severity === "error")).toEqual([]);
    const [trajectory] = output.trajectories;
    expect(trajectory!.task.description).toBe("What's the weather in Seattle right now?");
    expect(trajectory!.steps).toMatchObject([{ kind: "tool_call", name: "get_current_weather", arguments: { location: "Seattle, WA" }, callId: "call_90uO5LcGP5vTBTCrjyhYtWsA" }]);
    expect(trajectory!.metadata).toMatchObject({ model: "gpt-4o-mini-2024-07-18", usage: { inputTokens: 72, outputTokens: 8 } });
    expect(JSON.stringify(output)).not.toContain("test_openai_api_key");
  });

  it("does not claim the chat-array samples", () => {
    expect(vcrCassetteFormat.detect(sampleDocument("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json"))).toBe(0);
    expect(vcrCassetteFormat.detect(sampleDocument("altk-evolve/claude_code_filesystem_mcp_trajectory.function-call-list.json"))).toBe(0);
  });
});

describe("vcr-cassette: negative cases", () => {
  it.each([
    ["an ATIF trajectory", "t.json", JSON.stringify({ schema_version: "ATIF-v1.6", steps: [] })],
    ["a Claude Code session line", "s.jsonl", JSON.stringify({ type: "user", uuid: "u", sessionId: "s", message: { role: "user", content: "hi" } })],
    ["other YAML", "c.yaml", "name: build\non:\n  push: {}\n"],
  ])("detect() is 0 for %s", (_label, fileName, text) => {
    expect(vcrCassetteFormat.detect(toSourceDocument(fileName, text))).toBe(0);
  });

  it.each([
    ["a scalar interactions key", "interactions: 5\nrequest:\nresponse:\n"],
    ["broken YAML", "interactions:\n- request: {uri: [\n"],
    ["only non-LLM calls", "interactions:\n- request:\n    body: null\n    method: GET\n    uri: https://example.com/x\n  response:\n    body: {string: ok}\n    status: {code: 200}\n"],
  ])("parse() reports an error for %s instead of throwing", (_label, text) => {
    const output = vcrCassetteFormat.parse(toSourceDocument("bad.yaml", text));
    expect(output.trajectories).toEqual([]);
    expect(output.issues.at(-1)).toMatchObject({ severity: "error" });
  });
});
