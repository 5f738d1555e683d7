import path from "node:path";
import { describe, expect, it } from "vitest";
import { langfuseFormat } from "@/lib/trajectory/formats/langfuse";
import { langsmithFormat } from "@/lib/trajectory/formats/langsmith";
import { otelGenaiFormat } from "@/lib/trajectory/formats/otel-genai";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";
import { expectGarbageRejected, golden, otherFormatDocuments, parseClean, toolCalls } from "./span-format-checks";

const FIXTURES = "../../../fixtures/trajectories/langsmith";

describe("langsmith golden fixtures", () => {
  it("ingest {post, patch}: patches merged (one without id), a failed tool run, the retry, an update without its create", async () => {
    const doc = fixtureDocument("langsmith/ingest-error-recovery.json");
    expect(langsmithFormat.detect(doc)).toBeGreaterThanOrEqual(0.9);
    const output = parseClean(langsmithFormat, doc);
    expect(output.issues).toEqual([expect.objectContaining({ severity: "warning", message: expect.stringContaining("no matching run create") })]);
    const [trajectory] = output.trajectories;
    expect(trajectory!.task.description).toBe("What is 15% of 240, rounded to a whole number?");
    const [failed, retried] = toolCalls(trajectory!);
    expect(failed).toMatchObject({ callId: "call_calc1", isError: true, errorMessage: "SyntaxError: invalid syntax in '240 x 0.15'" });
    expect(retried).toMatchObject({ callId: "call_calc2", observation: "36.0" });
    expect(trajectory!.finalAnswer).toBe("15% of 240 is 36.");
    expect(trajectory!.metadata.usage).toEqual({ inputTokens: 320, outputTokens: 53 });
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/ingest-error-recovery.golden.json`);
  });

  it("run tree with child_runs: LangChain generations, lc-serialized AIMessage / ToolMessage, zone-less ISO times, feedback", async () => {
    const output = parseClean(langsmithFormat, fixtureDocument("langsmith/run-tree-langchain.json"));
    const [trajectory] = output.trajectories;
    expect(toolCalls(trajectory!)[0]).toMatchObject({ name: "get_stock_price", callId: "call_px1", arguments: { ticker: "ACME" }, observation: "ACME: 42.10 USD" });
    expect(trajectory!.metadata.startedAt).toBe("2026-01-06T15:00:00.000Z");
    // Numeric feedback named "correctness" gives a score; whether 1.0 means success is not assumed.
    expect(trajectory!.outcome).toMatchObject({ label: "unknown", score: 1, source: "judge" });
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/run-tree-langchain.golden.json`);
  });

  it("a run list from two traces gives two trajectories", async () => {
    const output = parseClean(langsmithFormat, fixtureDocument("langsmith/runs-list-two-traces.json"));
    expect(output.trajectories.map((t) => [t.metadata.sourceId, t.task.description, t.finalAnswer])).toEqual([
      ["aa000000-0000-4000-8000-000000000001", "Translate to French: cheese", "fromage"],
      ["bb000000-0000-4000-8000-000000000001", "Name a prime number above 100.", "101 is prime."],
    ]);
    await expect(golden(output)).toMatchFileSnapshot(`${FIXTURES}/runs-list-two-traces.golden.json`);
  });
});

const SAMPLE_EXPECTATIONS: Record<string, { minSteps: number; task: string; final: string }> = {
  "langsmith_js_wrap_openai_default.json": { minSteps: 1, task: "howdy", final: "Howdy! How can I assist you today?" },
};

describe("langsmith real samples", () => {
  for (const file of listSamples("langsmith")) {
    const name = path.basename(file);
    it(`reads ${name}`, () => {
      const doc = sampleDocument(`langsmith/${name}`);
      expect(langsmithFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
      const output = parseClean(langsmithFormat, doc);
      for (const trajectory of output.trajectories) {
        expect(trajectory.steps.length).toBeGreaterThan(0);
        expect(trajectory.task.description).not.toBe("");
        expect(trajectory.finalAnswer).toBeTruthy();
      }
      const expected = SAMPLE_EXPECTATIONS[name];
      if (!expected) return;
      const [trajectory] = output.trajectories;
      expect(trajectory!.steps.length).toBeGreaterThanOrEqual(expected.minSteps);
      expect(trajectory!.task.description.startsWith(expected.task)).toBe(true);
      expect(trajectory!.finalAnswer).toBe(expected.final);
    });
  }

  it("merges the wrapOpenAI create/update pair into one run with usage and the response model", () => {
    const [trajectory] = langsmithFormat.parse(sampleDocument("langsmith/langsmith_js_wrap_openai_default.json")).trajectories;
    expect(trajectory!.metadata).toMatchObject({
      sourceId: "dc34609e-3eeb-459d-bc2a-6fedb01d2e6e",
      model: "gpt-4o-mini-2024-07-18",
      usage: { inputTokens: 9, outputTokens: 9 },
      startedAt: "2024-10-13T07:05:37.170Z",
      endedAt: "2024-10-13T07:05:38.285Z",
    });
  });
});

describe("langsmith negatives", () => {
  it("does not claim other formats", () => {
    for (const doc of otherFormatDocuments()) expect(langsmithFormat.detect(doc), doc.fileName).toBe(0);
    for (const doc of [fixtureDocument("otel-genai/otlp-latest-error-recovery.json"), fixtureDocument("langfuse/api-traces-list.json")]) {
      expect(langsmithFormat.detect(doc), doc.fileName).toBe(0);
    }
  });

  it("is not claimed by the other span formats", () => {
    for (const name of ["ingest-error-recovery.json", "run-tree-langchain.json", "runs-list-two-traces.json"]) {
      const doc = fixtureDocument(`langsmith/${name}`);
      expect(otelGenaiFormat.detect(doc), name).toBe(0);
      expect(langfuseFormat.detect(doc), name).toBe(0);
    }
  });

  it("answers garbage with an error issue, never a throw", () => {
    expectGarbageRejected(langsmithFormat);
  });
});
