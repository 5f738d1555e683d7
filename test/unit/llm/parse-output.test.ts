import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseStructuredOutput } from "../../../lib/llm/parse-output";
import { toJsonSchemaFormat } from "../../../lib/llm/response-format";

const schema = z.object({ title: z.string(), score: z.number() });

describe("parseStructuredOutput", () => {
  it("parses and validates JSON, tolerating a code fence", () => {
    expect(parseStructuredOutput('{"title":"t","score":1}', schema)).toEqual({ ok: true, value: { title: "t", score: 1 } });
    expect(parseStructuredOutput('```json\n{"title":"t","score":1}\n```', schema)).toMatchObject({ ok: true });
  });

  it("reports malformed JSON, schema violations and empty replies", () => {
    expect(parseStructuredOutput("{oops", schema)).toMatchObject({ ok: false, problem: expect.stringMatching(/not valid JSON/) });
    expect(parseStructuredOutput('{"title":1}', schema)).toMatchObject({ ok: false, problem: expect.stringMatching(/does not match the schema[\s\S]*title/) });
    expect(parseStructuredOutput(null, schema)).toMatchObject({ ok: false });
  });
});

describe("toJsonSchemaFormat", () => {
  it("is strict when the schema allows it", () => {
    const format = toJsonSchemaFormat(schema, "tip");
    expect(format).toMatchObject({ name: "tip", strict: true, schema: { additionalProperties: false, required: ["title", "score"] } });
  });

  it("falls back to a non-strict schema for optional fields", () => {
    const format = toJsonSchemaFormat(z.object({ note: z.string().optional() }), "opt");
    expect(format.strict).toBe(false);
    expect(format.schema).toMatchObject({ type: "object", properties: { note: { type: "string" } } });
  });
});
