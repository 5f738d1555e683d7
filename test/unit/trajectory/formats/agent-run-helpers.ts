// Shared by the SWE-agent, mini-swe-agent, OpenHands and ATIF importer tests: golden rendering,
// model validation, and the foreign / garbage documents every detector must refuse.
import { expect } from "vitest";
import type { ParseOutput, SourceDocument } from "../../../../lib/trajectory/formats/types";
import { normalizedTrajectorySchema } from "../../../../lib/trajectory/schema";
import { toSourceDocument } from "../../../../lib/trajectory/sniff";

/**
 * The golden text of a parse: everything except each step's `raw`, which repeats the input file
 * and would drown the mapping a reviewer has to check. `expectValidOutput` proves raw is kept.
 */
export function goldenText(output: ParseOutput): string {
  // index and kind first: the order a reviewer reads a step in.
  const trajectories = output.trajectories.map((t) => ({ ...t, steps: t.steps.map(({ raw: _raw, index, kind, ...step }) => ({ index, kind, ...step })) }));
  return `${JSON.stringify({ ...output, trajectories }, null, 2)}\n`;
}

/** Every trajectory fits the model and every step kept its source record. */
export function expectValidOutput(output: ParseOutput): void {
  for (const trajectory of output.trajectories) {
    const parsed = normalizedTrajectorySchema.safeParse(trajectory);
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    for (const step of trajectory.steps) expect(step.raw, `step ${step.index} has no raw`).toBeDefined();
  }
}

const doc = (fileName: string, text: string) => toSourceDocument(fileName, text);

/** Other formats' shapes: none of these four importers may claim them. */
export const FOREIGN_DOCUMENTS: Record<string, SourceDocument> = {
  "bare chat array": doc("chat.json", JSON.stringify([
    { role: "system", content: "You are helpful." },
    { role: "user", content: "What is 2+2?" },
    { role: "assistant", content: "4" },
  ])),
  "Claude Code JSONL": doc("session.jsonl", [
    JSON.stringify({ type: "user", uuid: "u1", parentUuid: null, sessionId: "s1", timestamp: "2026-01-01T00:00:00Z", message: { role: "user", content: "fix the bug" } }),
    JSON.stringify({ type: "assistant", uuid: "a1", parentUuid: "u1", sessionId: "s1", timestamp: "2026-01-01T00:00:02Z", message: { id: "msg_1", role: "assistant", content: [{ type: "text", text: "On it." }] } }),
  ].join("\n")),
  "Codex CLI rollout": doc("rollout.jsonl", [
    JSON.stringify({ timestamp: "2026-01-01T00:00:00Z", type: "session_meta", payload: { id: "x", cwd: "/w" } }),
    JSON.stringify({ timestamp: "2026-01-01T00:00:01Z", type: "event_msg", payload: { type: "user_message", message: "hi" } }),
  ].join("\n")),
  "Debrief trajectory": doc("debrief.json", JSON.stringify({ task: { description: "t" }, steps: [{ index: 0, kind: "message", role: "assistant", text: "hi" }], metadata: { sourceFormat: "debrief" } })),
  "Langfuse trace": doc("trace.json", JSON.stringify({ trace: { id: "t1", name: "run" }, observations: [{ id: "o1", type: "GENERATION" }] })),
  "AppWorld evaluation": doc("train.json", JSON.stringify({ aggregate: { task_goal_completion: 10 }, individual: { "82e2fac_1": { success: false } } })),
  "ReAct text": doc("log.txt", "Question: who?\nThought 1: search\nAction 1: Search[x]\nObservation 1: y\n"),
};

/** Inputs no importer can make sense of; parse must report an error issue, never throw. */
export const GARBAGE_DOCUMENTS: Record<string, SourceDocument> = {
  "unrelated object": doc("x.json", JSON.stringify({ foo: 1, bar: [1, 2] })),
  "number array": doc("x.json", "[1, 2, 3]"),
  "null": doc("x.json", "null"),
  "plain text": doc("x.txt", "hello world"),
  "broken JSON": doc("x.json", '{"trajectory": [ {"action": '),
  "wrong field types": doc("x.json", JSON.stringify({ trajectory: "nope", history: 5, steps: "x", messages: 7, info: [] })),
};
