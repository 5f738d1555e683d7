import path from "node:path";
import { describe, expect, it } from "vitest";
import { langfuseFormat } from "@/lib/trajectory/formats/langfuse";
import { langsmithFormat } from "@/lib/trajectory/formats/langsmith";
import { otelGenaiFormat } from "@/lib/trajectory/formats/otel-genai";
import { toSourceDocument } from "@/lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";
import { expectGarbageRejected, golden, otherFormatDocuments, parseClean, toolCalls } from "./span-format-checks";

const FIXTURES = "../../../fixtures/trajectories/langfuse";

describe("langfuse golden fixtures", () => {
  it("UI download {trace, observations}: ERROR-level tool run, retry, double-encoded output, BOOLEAN success score", async () => {
    const doc = fixtureDocument("langfuse/download-error-recovery.json");
    expect(langfuseFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = parseClean(langfuseFormat, doc);
    const [trajectory] = output.trajectories;
    expect(trajectory!.task.description).toBe("Book a table for two at Luigi's tonight at 7pm.");
    const [failed, retried] = toolCalls(trajectory!);
    expect(failed).toMatchObject({ callId: "call_a", isError: true, errorMessage: "BookingError: no table available at 19:00" });
    expect(retried).toMatchObject({ callId: "call_b", thought: "7pm is fully booked; trying 7:30pm.", observation: '{"confirmation":"LUI-4821","time":"19:30"}' });
    // A human BOOLEAN task_success annotation decides; the numeric helpfulness score is only kept.
    expect(trajectory!.outcome).toMatchObject({ label: "success", score: 1, source: "label" });
    expect(trajectory!.metadata.usage).toMatchObject({ inputTokens: 120 + 254 + 260, outputTokens: 99, cachedTokens: 64 });
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/download-error-recovery.golden.json`);
  });

  it("API shape (observations inside the trace), two traces: Responses items, a SPAN named after a tool, toolCalls side fields", async () => {
    const output = parseClean(langfuseFormat, fixtureDocument("langfuse/api-traces-list.json"));
    expect(output.trajectories).toHaveLength(2);
    const [orders, weather] = output.trajectories;
    expect(toolCalls(orders!)[0]).toMatchObject({ name: "lookup_order", callId: "call_ord", observation: '{"status":"shipped","eta":"Friday"}' });
    // Numeric judge scores are evidence, not a verdict.
    expect(orders!.outcome).toMatchObject({ label: "unknown", source: "judge" });
    expect(orders!.outcome?.score).toBeUndefined();
    // Same tool, no call ids on the tool runs, results out of order: arguments pair them.
    expect(toolCalls(weather!).map((call) => [call.callId, call.observation])).toEqual([
      ["toolu_berlin", "Berlin: cloudy, 15 °C"],
      ["toolu_oslo", "Oslo: snow, -3 °C"],
    ]);
    expect(weather!.task.description).toBe("What's the weather in Berlin and in Oslo?");
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/api-traces-list.golden.json`);
  });

  it("bare trace without observations: steps rebuilt from its gen_ai parts input/output, with a warning", async () => {
    const output = langfuseFormat.parse(fixtureDocument("langfuse/bare-trace.json"));
    expect(output.issues).toEqual([expect.objectContaining({ severity: "warning" })]);
    const [trajectory] = output.trajectories;
    expect(toolCalls(trajectory!)[0]).toMatchObject({ name: "get_weather", callId: "run_1/call_pdx", observation: "Stormy, high of 19 °C." });
    expect(trajectory!.finalAnswer).toBe("It is stormy in Portland, with a high of 19 °C.");
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/bare-trace.golden.json`);
  });
});

describe("langfuse scores → outcome", () => {
  const outcomeOf = (scores: unknown[]) => {
    const trace = { id: "t1", projectId: "p", timestamp: "2026-01-01T00:00:00Z", input: "Do it.", output: "Done.", scores };
    return langfuseFormat.parse(toSourceDocument("trace.json", JSON.stringify(trace))).trajectories[0]!.outcome;
  };

  it("reads a categorical pass/fail flag named like correctness", () => {
    expect(outcomeOf([{ name: "Correctness", dataType: "CATEGORICAL", stringValue: "incorrect", source: "EVAL" }])).toMatchObject({ label: "failure", score: 0, source: "judge" });
  });

  it("ignores observation-level scores and scores whose meaning is not success", () => {
    const outcome = outcomeOf([
      { name: "success", dataType: "BOOLEAN", value: 1, source: "EVAL", observationId: "obs-9" },
      { name: "hallucination", dataType: "NUMERIC", value: 1, source: "EVAL" },
    ]);
    expect(outcome).toMatchObject({ label: "unknown", source: "judge" });
    expect(outcome?.score).toBeUndefined();
    expect((outcome?.details as { scores: unknown[] }).scores).toHaveLength(2);
  });

  it("leaves the outcome unknown/none without scores", () => {
    expect(outcomeOf([])).toEqual({ label: "unknown", source: "none" });
  });
});

const SAMPLE_EXPECTATIONS: Record<string, { minSteps: number; task: string; results: Record<string, string>; final?: string }> = {
  "seeder_openai-agents-2025-09-30.json": {
    minSteps: 2,
    task: "What's the weather in Tokyo?",
    results: { get_weather: "The weather in Tokyo is sunny." },
    final: "The weather in Tokyo is currently sunny.",
  },
  "worker_vercel-aisdk-2025-11-17.trace.json": {
    minSteps: 1,
    task: "What is the weather like today in San Francisco?",
    results: { getWeather: '"temperature":64' },
  },
};

describe("langfuse real samples", () => {
  for (const file of listSamples("langfuse")) {
    const name = path.basename(file);
    it(`reads ${name}`, () => {
      const doc = sampleDocument(`langfuse/${name}`);
      expect(langfuseFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
      const output = parseClean(langfuseFormat, doc);
      for (const trajectory of output.trajectories) {
        expect(trajectory.steps.length).toBeGreaterThan(0);
        expect(trajectory.task.description).not.toBe("");
        const calls = toolCalls(trajectory);
        expect(calls.filter((call) => call.observation !== undefined).length).toBeGreaterThanOrEqual(calls.length / 2);
      }
      // Scored traces carry every score as judge evidence.
      const scores = (doc.text.match(/"dataType":\s*"|\\"dataType\\":/g) ?? []).length;
      if (scores > 0) expect(output.trajectories[0]!.outcome).toMatchObject({ source: expect.stringMatching(/judge|label/) });
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

  it("keeps the OpenAI Agents judge scores as evidence without inventing a label", () => {
    const [trajectory] = langfuseFormat.parse(sampleDocument("langfuse/seeder_openai-agents-2025-09-30.json")).trajectories;
    expect(trajectory!.outcome).toMatchObject({ label: "unknown", source: "judge" });
    const scores = (trajectory!.outcome?.details as { scores: { name: string; value: number }[] }).scores;
    expect(scores.map((score) => [score.name, score.value])).toEqual([["toxicity", 0.8], ["hallucination", 0]]);
    expect(trajectory!.metadata.sourceId).toBe("fee618f96dc31e0ca38b2f7b26eb8b29");
  });

  it("skips Vercel's ai.generateText wrapper around the doGenerate call it duplicates", () => {
    const [trajectory] = langfuseFormat.parse(sampleDocument("langfuse/worker_vercel-aisdk-2025-11-17.trace.json")).trajectories;
    expect(trajectory!.metadata.extra).toMatchObject({ duplicateLlmSpansSkipped: 1 });
    expect(trajectory!.metadata.usage).toMatchObject({ inputTokens: 62, outputTokens: 85 });
    expect(toolCalls(trajectory!)[0]?.callId).toBe("call_DgKARp7a7IhJPDczfifMp6Ra");
  });
});

describe("langfuse negatives", () => {
  it("does not claim other formats", () => {
    for (const doc of otherFormatDocuments()) expect(langfuseFormat.detect(doc), doc.fileName).toBe(0);
    for (const doc of [fixtureDocument("otel-genai/sdk-dump-decimal-ids.json"), fixtureDocument("langsmith/run-tree-langchain.json")]) {
      expect(langfuseFormat.detect(doc), doc.fileName).toBe(0);
    }
  });

  it("is not claimed by the other span formats", () => {
    for (const name of ["download-error-recovery.json", "api-traces-list.json", "bare-trace.json"]) {
      const doc = fixtureDocument(`langfuse/${name}`);
      expect(otelGenaiFormat.detect(doc), name).toBe(0);
      expect(langsmithFormat.detect(doc), name).toBe(0);
    }
  });

  it("answers garbage with an error issue, never a throw", () => {
    expectGarbageRejected(langfuseFormat);
  });
});
