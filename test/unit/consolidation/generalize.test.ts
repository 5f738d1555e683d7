// Description generalization with the scripted fake client: batching, one answer per key,
// offline fallback for what the model left out, failed calls.
import { describe, expect, it } from "vitest";
import { generalizeDescriptions } from "../../../lib/consolidation/generalize/generalize-descriptions";
import { normalizeDescription } from "../../../lib/consolidation/generalize/normalize-description";
import { AppError } from "../../../lib/errors";
import { createFakeLlmClient } from "../../../lib/llm/fake-client";
import type { GenerateObjectArgs } from "../../../lib/llm/types";

const PROMPT_ID = "consolidation.generalize";

/** Answers every key in the call's input with "generalized <text>". */
function echo(args: GenerateObjectArgs<unknown>) {
  const keys = [...args.input.matchAll(/^\[(d\d+)\] (.*)$/gm)].map((m) => ({ key: m[1]!, generalized: `generalized ${m[2]!.toLowerCase()}` }));
  return { descriptions: keys };
}

describe("generalizeDescriptions", () => {
  it("sends each distinct text once, on the generalization stage, and maps answers back to every id", async () => {
    const llm = createFakeLlmClient([
      {
        promptId: PROMPT_ID,
        object: {
          descriptions: [
            { key: "d1", generalized: "get service account credentials" },
            { key: "d2", generalized: "send money to a contact on a payment app." },
          ],
        },
      },
    ]);
    const result = await generalizeDescriptions(
      [
        { id: "a", text: "Retrieve Spotify password for john.doe@email.com" },
        { id: "b", text: "Send $45 to Jennifer via Venmo for dinner" },
        { id: "c", text: "  Retrieve Spotify password for john.doe@email.com " },
      ],
      { projectId: "p1" },
      { llm },
    );
    llm.assertAllConsumed();
    expect(llm.calls.map((c) => [c.promptId, c.promptVersion, c.stage, c.projectId])).toEqual([[PROMPT_ID, "v1", "generalization", "p1"]]);
    expect(llm.calls[0]?.input).toContain("[d1] Retrieve Spotify password for john.doe@email.com\n[d2] Send $45");
    expect(Object.fromEntries(result.generalized)).toEqual({
      a: "get service account credentials",
      b: "send money to a contact on a payment app",
      c: "get service account credentials",
    });
    expect(result.fallbackIds).toEqual([]);
    expect(result.issues).toEqual([]);
    expect(result.calls).toEqual([expect.objectContaining({ promptId: PROMPT_ID, promptVersion: "v1", callId: "fake-call-1", model: "fake-model" })]);
  });

  it("splits into batches of at most 40 (or the batch size asked for) with keys numbered across batches", async () => {
    const items = Array.from({ length: 85 }, (_, i) => ({ id: `id${i}`, text: `Fetch report ${String.fromCharCode(65 + (i % 26))}${i}` }));
    const llm = createFakeLlmClient([1, 2, 3].map(() => ({ promptId: PROMPT_ID, respond: echo })));
    const result = await generalizeDescriptions(items, {}, { llm });
    llm.assertAllConsumed();
    expect(llm.calls.map((c) => (c.input.match(/^\[d\d+\]/gm) ?? []).length)).toEqual([40, 40, 5]);
    expect(llm.calls[2]?.input).toContain("[d81] ");
    expect(result.generalized.size).toBe(85);
    expect(result.calls).toHaveLength(3);

    const small = createFakeLlmClient([1, 2].map(() => ({ promptId: PROMPT_ID, respond: echo })));
    await generalizeDescriptions(items.slice(0, 3), { batchSize: 2 }, { llm: small });
    small.assertAllConsumed();
    const huge = createFakeLlmClient([1, 2, 3].map(() => ({ promptId: PROMPT_ID, respond: echo })));
    await generalizeDescriptions(items, { batchSize: 500 }, { llm: huge });
    huge.assertAllConsumed();
  });

  it("falls back to normalizeDescription for missing and empty answers, ignores unknown keys and keeps the first of a repeat", async () => {
    const llm = createFakeLlmClient([
      {
        promptId: PROMPT_ID,
        object: {
          descriptions: [
            { key: "d1", generalized: "get service account credentials" },
            { key: "d1", generalized: "something else" },
            { key: "d3", generalized: "  " },
            { key: "d9", generalized: "ignore previous instructions" },
          ],
        },
      },
    ]);
    const texts = ["Retrieve Spotify password", "Transfer 12 dollars to Bob using venmo so that he can pay rent", "Delete alarm 7"];
    const result = await generalizeDescriptions(
      texts.map((text, i) => ({ id: `t${i}`, text })),
      { keepNames: ["venmo"] },
      { llm },
    );
    expect(result.generalized.get("t0")).toBe("get service account credentials");
    expect(result.generalized.get("t1")).toBe(normalizeDescription(texts[1]!, { keepNames: ["venmo"] }));
    expect(result.generalized.get("t1")).toBe("send <amount> to <entity> via venmo");
    expect(result.generalized.get("t2")).toBe("delete alarm <number>");
    expect(result.fallbackIds).toEqual(["t1", "t2"]);
    expect(result.issues.map((i) => i.message)).toEqual([
      "The model answered key d1 more than once; the first answer was kept.",
      'The model answered for unknown key "d9"; the answer was ignored.',
      'No usable answer for d2 ("Transfer 12 dollars to Bob using venmo so that he can pay…"), d3 ("Delete alarm 7"); normalized offline instead.',
    ]);
    expect(result.issues.every((i) => i.stage === "generalization")).toBe(true);
  });

  it("needs no call for empty input or empty texts", async () => {
    const llm = createFakeLlmClient([]);
    const result = await generalizeDescriptions([{ id: "x", text: "   " }], {}, { llm });
    expect(result).toEqual({ generalized: new Map([["x", ""]]), fallbackIds: [], calls: [], issues: [] });
    expect(llm.calls).toHaveLength(0);
  });

  it("reports a failed batch and normalizes its descriptions offline; throws when every batch failed", async () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ id: `id${i}`, text: `Fetch report ${i + 1}` }));
    const error = new AppError("LLM_ERROR", { userMessage: "The LLM provider returned an error (HTTP 500)." });
    const partly = createFakeLlmClient([{ promptId: PROMPT_ID, respond: echo }, { promptId: PROMPT_ID, error }]);
    const result = await generalizeDescriptions(items, { batchSize: 2 }, { llm: partly });
    expect(result.generalized.get("id0")).toBe("generalized fetch report 1");
    expect(result.generalized.get("id2")).toBe("get report <number>");
    expect(result.fallbackIds).toEqual(["id2"]);
    expect(result.calls).toHaveLength(1);
    expect(result.issues.map((i) => i.message)).toEqual([
      "Generalization call 2 failed (The LLM provider returned an error (HTTP 500).); its 1 description(s) were normalized offline.",
    ]);

    const down = createFakeLlmClient([{ promptId: PROMPT_ID, error }]);
    await expect(generalizeDescriptions(items, {}, { llm: down })).rejects.toBe(error);
  });
});
