// The fake server itself, driven by the real SDK: the parts other suites and e2e rely on.
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeOpenAi, type FakeOpenAi } from "../../fake-openai";

let strict: FakeOpenAi;
let lenient: FakeOpenAi;
beforeAll(async () => {
  strict = await startFakeOpenAi({ embeddingDimension: 32 });
  lenient = await startFakeOpenAi({ unscripted: "minimal", models: ["m1", "m2"] });
});
afterAll(async () => {
  await Promise.all([strict.close(), lenient.close()]);
});

const sdk = (fake: FakeOpenAi) => new OpenAI({ baseURL: fake.url, apiKey: "k", maxRetries: 0 });
const schema = z.object({ name: z.string(), tags: z.array(z.enum(["a", "b"])), score: z.number().nullable(), nested: z.object({ ok: z.boolean() }) });

describe("fake OpenAI server", () => {
  it("returns deterministic unit-length embeddings (base64 default of the SDK and float)", async () => {
    const first = await sdk(strict).embeddings.create({ model: "text-embedding-3-small", input: ["same", "other"] });
    const again = await sdk(strict).embeddings.create({ model: "text-embedding-3-small", input: "same", encoding_format: "float" });
    const [same, other] = first.data.map((d) => d.embedding);
    expect(same).toHaveLength(32);
    expect(Math.hypot(...(same ?? []))).toBeCloseTo(1, 5);
    expect(again.data[0]?.embedding[0]).toBeCloseTo(same?.[0] ?? NaN, 6);
    expect(other).not.toEqual(same);
    const sized = await sdk(strict).embeddings.create({ model: "x", input: "same", dimensions: 8 });
    expect(sized.data[0]?.embedding).toHaveLength(8);
  });

  it("lists models", async () => {
    const page = await sdk(lenient).models.list();
    expect(page.data.map((m) => m.id)).toEqual(["m1", "m2"]);
  });

  it("names the missing script for an unscripted prompt id", async () => {
    const request = sdk(strict).chat.completions.create(
      { model: "m", messages: [{ role: "user", content: "hi" }] },
      { headers: { "x-debrief-prompt-id": "nobody.scripted.me" } },
    );
    await expect(request).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/no script for prompt id "nobody.scripted.me"/) });
  });

  it("answers unscripted requests minimally and schema-valid in minimal mode", async () => {
    const completion = await sdk(lenient).chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
      response_format: zodResponseFormat(schema, "thing"),
    });
    expect(schema.parse(JSON.parse(completion.choices[0]?.message.content ?? ""))).toEqual({ name: "", tags: [], score: null, nested: { ok: false } });
    const jsonMode = await sdk(lenient).chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "answer in JSON" }],
      response_format: { type: "json_object" },
    });
    expect(JSON.parse(jsonMode.choices[0]?.message.content ?? "")).toEqual({ ok: true });
  });

  it("requires the word json in JSON mode, like OpenAI", async () => {
    const request = sdk(lenient).chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }], response_format: { type: "json_object" } });
    await expect(request).rejects.toMatchObject({ status: 400 });
  });

  it("accepts scripts and resets over HTTP control routes (for other processes)", async () => {
    await fetch(`${strict.url.replace(/\/v1$/, "")}/__fake/scripts`, {
      method: "POST",
      body: JSON.stringify({ "remote.script": [{ json: { remote: true } }] }),
    });
    const completion = await sdk(strict).chat.completions.create(
      { model: "m", messages: [{ role: "user", content: "json please" }], response_format: { type: "json_object" } },
      { headers: { "x-debrief-prompt-id": "remote.script" } },
    );
    expect(JSON.parse(completion.choices[0]?.message.content ?? "")).toEqual({ remote: true });
    expect(strict.pending()).toEqual({});
    const listed = (await (await fetch(`${strict.url.replace(/\/v1$/, "")}/__fake/requests`)).json()) as { requests: unknown[] };
    expect(listed.requests.length).toBe(strict.requests.length);
    await fetch(`${strict.url.replace(/\/v1$/, "")}/__fake/reset`, { method: "POST" });
    expect(strict.requests).toHaveLength(0);
  });
});
