import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../../lib/errors";
import { createFakeLlmClient } from "../../../lib/llm/fake-client";
import type { GenerateObjectArgs } from "../../../lib/llm/types";

const tipsSchema = z.object({ tips: z.array(z.string()) });

function call(promptId: string, input = "x"): GenerateObjectArgs<z.infer<typeof tipsSchema>> {
  return { stage: "extraction", promptId, promptVersion: "v1", schema: tipsSchema, schemaName: "tips", system: "s", input };
}

describe("FakeLlmClient", () => {
  it("returns scripted objects by prompt id, in order, and records calls", async () => {
    const llm = createFakeLlmClient([
      { promptId: "a", object: { tips: ["one"] } },
      { promptId: "b", respond: (args) => ({ tips: [args.input] }) },
      { promptId: "a", object: { tips: ["two"] } },
    ]);
    expect((await llm.generateObject(call("b", "echo"))).object).toEqual({ tips: ["echo"] });
    expect((await llm.generateObject(call("a"))).object).toEqual({ tips: ["one"] });
    expect((await llm.generateObject(call("a"))).object).toEqual({ tips: ["two"] });
    expect(llm.calls.map((c) => c.promptId)).toEqual(["b", "a", "a"]);
    expect(() => llm.assertAllConsumed()).not.toThrow();
  });

  it("throws on an unexpected call", async () => {
    const llm = createFakeLlmClient([{ promptId: "a", object: { tips: [] } }]);
    await expect(llm.generateObject(call("zzz"))).rejects.toThrow(/unexpected call to "zzz".*still expected: a/);
  });

  it("reports expectations never consumed", async () => {
    const llm = createFakeLlmClient([{ promptId: "a", object: { tips: [] } }, { promptId: "b", object: { tips: [] } }]);
    await llm.generateObject(call("a"));
    expect(() => llm.assertAllConsumed()).toThrow(/1 expected call\(s\) never made: b/);
  });

  it("throws scripted errors", async () => {
    const llm = createFakeLlmClient([{ promptId: "a", error: new AppError("LLM_ERROR", { userMessage: "boom" }) }]);
    await expect(llm.generateObject(call("a"))).rejects.toMatchObject({ code: "LLM_ERROR" });
  });

  it("validates scripted objects against the call's schema", async () => {
    const llm = createFakeLlmClient([{ promptId: "a", object: { tips: [1] } }]);
    await expect(llm.generateObject(call("a"))).rejects.toThrow();
  });
});
