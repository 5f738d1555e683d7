import path from "node:path";
import { describe, expect, it } from "vitest";
import { reactTextFormat } from "../../../../lib/trajectory/formats/react-text";
import type { SourceDocument } from "../../../../lib/trajectory/formats/types";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";
import { fixtureDocument, listSamples, sampleDocument } from "../../../support/samples";

const golden = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const errors = (doc: SourceDocument) => reactTextFormat.parse(doc).issues.filter((issue) => issue.severity === "error");
const labels = (doc: SourceDocument) => reactTextFormat.parse(doc).trajectories.map((t) => t.outcome?.label);
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe("react-text: golden fixtures", () => {
  it.each(["reflexion-trial", "langchain-verbose"])("%s", async (name) => {
    const doc = fixtureDocument(`react-text/${name}.txt`);
    expect(reactTextFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    const output = reactTextFormat.parse(doc);
    expect(output.issues).toEqual([]);
    for (const trajectory of output.trajectories) expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
    await expect(golden(output)).toMatchFileSnapshot(`../../../fixtures/trajectories/react-text/${name}.golden.json`);
  });

  it("splits on Question:, skips the few-shot examples and the instruction preamble, labels by section", () => {
    const { trajectories } = reactTextFormat.parse(fixtureDocument("react-text/reflexion-trial.txt"));
    expect(trajectories.map((t) => [t.task.description, t.outcome?.label, t.metadata.extra?.trial])).toEqual([
      ["Which river flows through both Basel and Rotterdam?", "success", 1],
      ["In what year was the architect of the Sydney Opera House born?", "failure", 1],
      ["Who directed the film that won Best Picture the year Titanic was released?", "failure", 1],
      ["In what year was the architect of the Sydney Opera House born?", "success", 2],
    ]);
    expect(JSON.stringify(trajectories)).not.toContain("Colorado orogeny");
    expect(trajectories[0]!.steps.at(-1)!.observation).toBe("Answer is CORRECT"); // not followed by the next agent's preamble
    expect(trajectories[2]!.outcome).toMatchObject({ source: "verifier", details: { section: "HALTED", halted: true, expectedAnswer: "James Cameron" } });
    expect(trajectories[2]!.finalAnswer).toBeUndefined();
    expect(trajectories[3]!.metadata.extra?.reflections).toEqual([expect.stringMatching(/^I answered from memory/)]);
  });

  it("maps Search[x]/Lookup[x] to tool calls, keeps multi-line observations, flags failed searches, keeps hallucinated observations in the thought", () => {
    const [basel, sydney] = reactTextFormat.parse(fixtureDocument("react-text/reflexion-trial.txt")).trajectories;
    expect(basel!.steps[0]).toMatchObject({ kind: "tool_call", name: "Search", arguments: { query: "Basel" }, observation: expect.stringContaining("\nBasel is Switzerland's third-most-populous city.") });
    expect(basel!.steps[1]).toMatchObject({ name: "Lookup", arguments: { keyword: "Rotterdam" }, isError: true, errorMessage: "No Results" });
    expect(sydney!.steps[0]).toMatchObject({ isError: true, errorMessage: "Could not find [architect of the Sydney Opera House]." });
    expect(sydney!.steps.at(-1)).toMatchObject({ kind: "message", text: "1919", observation: "Answer is INCORRECT", thought: expect.stringContaining("\nObservation 3: Utzon was born in 1919") });
    expect(sydney!.outcome).toMatchObject({ label: "failure", score: 0, details: { expectedAnswer: "1918", predictedAnswer: "1919" } });
  });

  it("reads LangChain Action / Action Input / Final Answer and ignores the chain banners", () => {
    const [lyon, prince] = reactTextFormat.parse(fixtureDocument("react-text/langchain-verbose.txt")).trajectories;
    expect(lyon!.steps.map((s) => (s.kind === "tool_call" ? [s.name, s.arguments, s.isError] : [s.kind, s.kind === "message" ? s.text : ""]))).toEqual([
      ["wikipedia", { input: "Lyon population" }, true],
      ["wikipedia", { input: "Lyon" }, false],
      ["Calculator", { expression: "0.12 * 522250" }, false],
      ["message", "About 62,670 people."],
    ]);
    expect(prince!.finalAnswer).toBe("Antoine de Saint-Exupéry");
    expect(lyon!.outcome).toEqual({ label: "unknown", source: "none" });
  });
});

describe("react-text: real samples", () => {
  it.each(listSamples("react_text").map((file) => path.basename(file)))("%s: one run per question, verdicts match the log", (name) => {
    const doc = sampleDocument(`react_text/${name}`);
    expect(reactTextFormat.detect(doc)).toBeGreaterThanOrEqual(0.5);
    expect(errors(doc)).toEqual([]);
    const { trajectories } = reactTextFormat.parse(doc);
    expect(trajectories.length).toBeGreaterThanOrEqual(1);
    for (const trajectory of trajectories) {
      expect(normalizedTrajectorySchema.safeParse(trajectory).success).toBe(true);
      expect(trajectory.steps.length).toBeGreaterThanOrEqual(1);
      expect(trajectory.task.description).not.toMatch(/^\(question not found/);
    }
    const outcomes = labels(doc);
    expect(outcomes.filter((l) => l === "success")).toHaveLength(count(doc.text, /^Observation \d+: Answer is CORRECT/gm));
    expect(outcomes.filter((l) => l === "failure").length).toBeGreaterThanOrEqual(count(doc.text, /^Observation \d+: Answer is INCORRECT/gm));
  });

  it("Reflexion 50-sample log: 17 questions (counted in the file), all in the CORRECT section", () => {
    const doc = sampleDocument("react_text/reflexion_hotpotqa_50_sample_react_reflect_correct.txt");
    const { trajectories } = reactTextFormat.parse(doc);
    expect(count(doc.text, /^Question:/gm)).toBe(17);
    expect(trajectories).toHaveLength(17);
    expect(labels(doc)).toEqual(Array(17).fill("success"));
    expect(trajectories[0]!.task.description).toBe("Howard Van Doren Shaw was the designer of which 1917 Progressive Era community?");
    expect(trajectories[0]!.steps).toHaveLength(2);
    expect(trajectories[0]!.finalAnswer).toBe("Marktown");
    // Retried questions: the reflection header is cut from the question and kept as reflections.
    const retried = trajectories.filter((t) => t.metadata.extra?.reflections);
    expect(retried).toHaveLength(6);
    expect(retried[0]!.task.description).toBe("In what state did this band form that is an American metalcore band, founded in mid-2009, and whose lead vocalist was Jerry Roush?");
    expect(trajectories.reduce((n, t) => n + t.steps.length, 0)).toBeGreaterThanOrEqual(17 * 2);
  });
});

describe("react-text: other shapes", () => {
  it.each([
    ["ATIF", "t.json", JSON.stringify({ schema_version: "ATIF-v1.6", steps: [{ step_id: 1, source: "user", message: "Thought 1: x\nAction 1: y\nObservation 1: z" }] })],
    ["chat array", "c.json", JSON.stringify([{ role: "user", content: "Thought 1: a\nAction 1: b\nObservation 1: c" }])],
    ["Codex rollout", "r.jsonl", JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "x" } })],
    ["AppWorld environment_io.md", "e.md", "### Environment Interaction 1\n```python\nprint(1)\n```\n\n```\n1\n```\n"],
  ])("detect() is 0 for %s", (_label, name, text) => expect(reactTextFormat.detect(toSourceDocument(name, text))).toBe(0));

  it("garbage text yields an error issue, never a throw", () => {
    const output = reactTextFormat.parse(toSourceDocument("notes.txt", "Question: what?\nno markers here\n\u0000\u0001"));
    expect(output.trajectories).toEqual([]);
    expect(output.issues.some((issue) => issue.severity === "error")).toBe(true);
  });
});
