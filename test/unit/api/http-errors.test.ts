import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { errorResponse, readJsonBody } from "@/lib/http";

describe("errorResponse for API bodies", () => {
  it("names nested fields by their dotted path and unknown fields of strict objects", async () => {
    const schema = z.strictObject({ tips: z.array(z.object({ content: z.string().min(1, "Say something.") })) });
    const parsed = schema.safeParse({ tips: [{ content: "ok" }, { content: "" }], top_k: 3 });
    const body = await errorResponse(parsed.error).json();
    expect(body.error.fieldErrors).toEqual({ "tips.1.content": ["Say something."], top_k: ["Unknown field."] });
    expect(body.error.message).toMatch(/Unrecognized key/);
  });

  it("asks for a bearer token on 401", () => {
    const response = errorResponse(new AppError("UNAUTHORIZED", { userMessage: "Unknown API key." }));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describe("readJsonBody", () => {
  const post = (body: string) => new Request("http://localhost/x", { method: "POST", body });

  it("parses JSON and refuses empty or malformed bodies with a 400", async () => {
    await expect(readJsonBody(post('{"a":1}'))).resolves.toEqual({ a: 1 });
    await expect(readJsonBody(post(" "))).rejects.toMatchObject({ code: "INVALID_INPUT", userMessage: expect.stringMatching(/no body/) });
    await expect(readJsonBody(post("{"))).rejects.toMatchObject({ code: "INVALID_INPUT", userMessage: expect.stringMatching(/not valid JSON/) });
  });
});
