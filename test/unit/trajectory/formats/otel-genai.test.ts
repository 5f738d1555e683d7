import path from "node:path";
import { describe, expect, it } from "vitest";
import { langfuseFormat } from "@/lib/trajectory/formats/langfuse";
import { langsmithFormat } from "@/lib/trajectory/formats/langsmith";
import { otelGenaiFormat } from "@/lib/trajectory/formats/otel-genai";
import { parseJsonKeepingBigInts } from "@/lib/trajectory/formats/spans/big-json";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";
import { expectGarbageRejected, golden, otherFormatDocuments, parseClean, toolCalls } from "./span-format-checks";

const FIXTURES = "../../../fixtures/trajectories/otel-genai";

describe("otel-genai golden fixtures", () => {
  it("OTLP/JSON, OTel GenAI latest convention: a failed tool call, the recovery, and a second trace with base64 ids", async () => {
    const doc = fixtureDocument("otel-genai/otlp-latest-error-recovery.json");
    expect(otelGenaiFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = parseClean(otelGenaiFormat, doc);
    expect(output.trajectories).toHaveLength(2);
    const [weather, translation] = output.trajectories;
    const [failed, retried] = toolCalls(weather!);
    expect(failed).toMatchObject({ name: "get_weather", callId: "call_1", isError: true, errorMessage: "ValueError: unsupported unit 'kelvin'" });
    expect(retried).toMatchObject({ callId: "call_2", thought: "Kelvin is not supported; retrying in Celsius." });
    expect(retried!.isError ?? false).toBe(false);
    // Usage sums the three LLM calls; the agent span's own aggregate is not added on top.
    expect(weather!.metadata.usage).toEqual({ inputTokens: 530, outputTokens: 70, cachedTokens: 128 });
    expect(translation!.metadata.sourceId).toBe("0af7651916cd43dd8448eb211c80319c");
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/otlp-latest-error-recovery.golden.json`);
  });

  it("SDK span dump (any-agent): decimal ids beyond 2^53 stay exact, id-less tool runs pair by name and arguments", async () => {
    const doc = fixtureDocument("otel-genai/sdk-dump-decimal-ids.json");
    const output = parseClean(otelGenaiFormat, doc);
    const [trajectory] = output.trajectories;
    expect(trajectory!.metadata.sourceId).toBe("221904563312947581209412393829512349001");
    // JSON.parse would round these two span ids to the same number.
    const rawIds = output.trajectories[0]!.steps.slice(0, 2).map((step) => JSON.stringify(step.raw));
    expect(rawIds.join()).toContain("17293822569102704642");
    expect(toolCalls(trajectory!).map((call) => [call.arguments, call.observation])).toEqual([
      [{ path: "a.log" }, "120"],
      [{ path: "b.log" }, "80"],
      [{ path: "total.txt", text: "200" }, "{}"],
    ]);
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/sdk-dump-decimal-ids.golden.json`);
  });

  it("deprecated convention: message events, gen_ai.choice, tool result from the next request, gen_ai.prompt/completion attributes", async () => {
    const output = parseClean(otelGenaiFormat, fixtureDocument("otel-genai/deprecated-events.json"));
    expect(output.trajectories).toHaveLength(2);
    expect(toolCalls(output.trajectories[0]!)[0]).toMatchObject({ name: "lookup_order", callId: "call_lo1", observation: '{"delivered": "2025-12-20", "returnable_until": "2026-01-19"}' });
    expect(output.trajectories[0]!.metadata.usage).toEqual({ inputTokens: 235, outputTokens: 38 });
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/deprecated-events.golden.json`);
  });

  it("OpenLLMetry flattened gen_ai.prompt.N / gen_ai.completion.N attributes, Traceloop tool span, JS exporter times", async () => {
    const output = parseClean(otelGenaiFormat, fixtureDocument("otel-genai/openllmetry-flattened.json"));
    const [trajectory] = output.trajectories;
    expect(trajectory!.task.description).toBe("Which plan includes SSO?");
    expect(toolCalls(trajectory!)[0]).toMatchObject({ name: "search_docs", observation: "SSO (SAML) is included in the Enterprise plan only." });
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/openllmetry-flattened.golden.json`);
  });

  it("OpenInference over OTLP JSON Lines: flattened llm.*_messages, TOOL span, nested duplicate LLM span skipped", async () => {
    const doc = fixtureDocument("otel-genai/openinference-otlp.jsonl");
    expect(otelGenaiFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = parseClean(otelGenaiFormat, doc);
    const [trajectory] = output.trajectories;
    expect(trajectory!.steps.map((step) => step.kind)).toEqual(["tool_call", "message"]);
    expect(trajectory!.metadata.usage).toEqual({ inputTokens: 390, outputTokens: 38, cachedTokens: 64 });
    expect(trajectory!.metadata.extra).toMatchObject({ duplicateLlmSpansSkipped: 1 });
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/openinference-otlp.golden.json`);
  });
});

/** What was checked by reading each sample; files not listed still get the generic checks. */
const SAMPLE_EXPECTATIONS: Record<string, { minSteps: number; task: string; results: Record<string, string>; final?: string }> = {
  "any-agent_OPENAI_trace.json": {
    minSteps: 3,
    task: "Find what year it is in the America/New_York timezone",
    results: { get_current_time: '"datetime": "2025-09-16T08:43:13-04:00"', write_file: "{}" },
    final: '{"steps": [{"number": 1',
  },
  "openinference-genai_otel_genai_client_span_tool_calls.json": {
    minSteps: 2,
    task: "Weather in Paris?",
    results: { get_weather: "rainy, 57°F" },
    final: "The weather in Paris is currently rainy",
  },
};

describe("otel-genai real samples", () => {
  for (const file of listSamples("otel_genai")) {
    const name = path.basename(file);
    it(`reads ${name}`, () => {
      const doc = sampleDocument(`otel_genai/${name}`);
      expect(otelGenaiFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
      const output = parseClean(otelGenaiFormat, doc);
      for (const trajectory of output.trajectories) {
        expect(trajectory.steps.length).toBeGreaterThan(0);
        const calls = toolCalls(trajectory);
        expect(calls.filter((call) => call.observation !== undefined).length).toBeGreaterThanOrEqual(calls.length / 2);
      }
      // Decimal trace ids in the file must come out digit for digit.
      const decimalTraceIds = [...doc.text.matchAll(/"trace_id":\s*(\d{17,})/g)].map((match) => match[1]);
      if (decimalTraceIds.length > 0) expect(output.trajectories.map((t) => t.metadata.sourceId)).toContain(decimalTraceIds[0]);
      const expected = SAMPLE_EXPECTATIONS[name];
      if (!expected) return;
      const [trajectory] = output.trajectories;
      expect(trajectory!.steps.length).toBeGreaterThanOrEqual(expected.minSteps);
      expect(trajectory!.task.description.startsWith(expected.task)).toBe(true);
      for (const [tool, result] of Object.entries(expected.results)) {
        expect(toolCalls(trajectory!).find((call) => call.name === tool)?.observation).toContain(result);
      }
      if (expected.final) expect(trajectory!.finalAnswer?.startsWith(expected.final)).toBe(true);
    });
  }

  it("keeps the any-agent trace id exact and sums usage over LLM spans", () => {
    const output = otelGenaiFormat.parse(sampleDocument("otel_genai/any-agent_OPENAI_trace.json"));
    const [trajectory] = output.trajectories;
    expect(trajectory!.metadata.sourceId).toBe("100927429609276267646756448943279827607");
    expect(trajectory!.metadata.usage).toMatchObject({ inputTokens: 269 + 359 + 392, outputTokens: 16 + 14 + 46 });
    expect(trajectory!.metadata.systemPrompt).toBe("Use the available tools to answer.");
  });
});

describe("otel-genai negatives", () => {
  it("does not claim other formats", () => {
    for (const doc of otherFormatDocuments()) expect(otelGenaiFormat.detect(doc), doc.fileName).toBe(0);
    for (const doc of [fixtureDocument("langfuse/download-error-recovery.json"), fixtureDocument("langsmith/ingest-error-recovery.json")]) {
      expect(otelGenaiFormat.detect(doc), doc.fileName).toBe(0);
    }
  });

  it("is not claimed by the other span formats", () => {
    const doc = fixtureDocument("otel-genai/otlp-latest-error-recovery.json");
    expect(langfuseFormat.detect(doc)).toBe(0);
    expect(langsmithFormat.detect(doc)).toBe(0);
  });

  it("answers garbage with an error issue, never a throw", () => {
    expectGarbageRejected(otelGenaiFormat);
  });
});

describe("big-integer JSON", () => {
  it("quotes only unsafe integers outside strings", () => {
    expect(parseJsonKeepingBigInts('{"a": 12345678901234567890, "b": 42, "c": "99999999999999999999", "d": 1.5e300, "e": -18014398509481985}')).toEqual({
      a: "12345678901234567890",
      b: 42,
      c: "99999999999999999999",
      d: 1.5e300,
      e: "-18014398509481985",
    });
  });
});
