// Shared checks for the span-based format tests (otel-genai, langfuse, langsmith): what every
// parse must satisfy, the golden serialization, and the other formats' shapes no detector may claim.
import { expect } from "vitest";
import type { FormatParser, ParseOutput, SourceDocument } from "@/lib/trajectory/formats/types";
import { normalizedTrajectorySchema, type NormalizedTrajectoryInput, type StepInput } from "@/lib/trajectory/schema";
import { toSourceDocument } from "@/lib/trajectory/sniff";
import { sampleDocument } from "../../../support/samples";

/** Golden files hold the whole parse output, pretty-printed, so a diff reads step by step. */
export function golden(output: ParseOutput): string {
  return `${JSON.stringify(output, null, 2)}\n`;
}

/** Parses, asserting no error issues and that every trajectory is valid against the model. */
export function parseClean(parser: FormatParser, doc: SourceDocument): ParseOutput {
  const output = parser.parse(doc);
  expect(output.issues.filter((issue) => issue.severity === "error")).toEqual([]);
  expect(output.trajectories.length).toBeGreaterThan(0);
  for (const trajectory of output.trajectories) normalizedTrajectorySchema.parse(trajectory);
  return output;
}

export type ToolCallStep = Extract<StepInput, { kind: "tool_call" }>;

export function toolCalls(trajectory: NormalizedTrajectoryInput): ToolCallStep[] {
  return trajectory.steps.filter((step): step is ToolCallStep => step.kind === "tool_call");
}

/** Shapes of other formats: an ATIF trajectory, a bare chat array, a Claude Code session (JSONL). */
export function otherFormatDocuments(): SourceDocument[] {
  return [
    sampleDocument("atif/openagents_qa-runner_login-trace.ATIF-v1.7.trajectory.json"),
    sampleDocument("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json"),
    toSourceDocument("chat.json", JSON.stringify([{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }])),
    sampleDocument("claude_code/spotter_short.jsonl"),
  ];
}

/** Inputs that are nobody's format; parse must answer with an error issue, never throw. */
export const GARBAGE_TEXTS = [
  "not json at all",
  "null",
  '{"foo": 1}',
  "[1, 2, 3]",
  "[]",
  '{"resourceSpans": [{"scopeSpans": [{"spans": [null, 5, "x"]}]}]}',
  '{"spans": "nope"}',
  '{"trace": 5, "observations": "x"}',
  '{"post": [1], "patch": null}',
  '{"a": {"b": {"c": [[[[]]]]}}}',
];

export function expectGarbageRejected(parser: FormatParser): void {
  for (const text of GARBAGE_TEXTS) {
    const doc = toSourceDocument("garbage.json", text);
    expect(() => parser.detect(doc)).not.toThrow();
    const output = parser.parse(doc);
    expect(output.trajectories, text).toEqual([]);
    expect(output.issues.some((issue) => issue.severity === "error"), text).toBe(true);
  }
}
