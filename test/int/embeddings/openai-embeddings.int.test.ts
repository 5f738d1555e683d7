// The real OpenAI SDK against a minimal local /v1/embeddings server started here.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmbeddingClient } from "@/lib/embeddings";
import { createOpenAiEmbeddings } from "@/lib/embeddings/openai-embeddings";

interface EmbeddingsRequest {
  model: string;
  input: string[];
  encoding_format?: string;
  dimensions?: number;
}

// Deterministic vector per input: its length, its character-code sum, then zeros.
const vectorFor = (input: string, dimension: number) =>
  Array.from({ length: dimension }, (_, i) => (i === 0 ? input.length : i === 1 ? [...input].reduce((s, c) => s + c.charCodeAt(0), 0) : 0));

describe("createOpenAiEmbeddings", () => {
  let server: http.Server;
  let baseURL: string;
  let requests: { body: EmbeddingsRequest; authorization?: string }[] = [];
  let responseDimension = 4;
  let failuresBeforeSuccess = 0;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.method !== "POST" || req.url !== "/v1/embeddings") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as EmbeddingsRequest;
      requests.push({ body, authorization: req.headers.authorization });
      if (failuresBeforeSuccess > 0) {
        failuresBeforeSuccess -= 1;
        res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "busy" } }));
        return;
      }
      // Answer out of order: the client must sort by `index`.
      const data = body.input.map((input, index) => ({ object: "embedding", index, embedding: vectorFor(input, responseDimension) }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", model: body.model, data: data.reverse(), usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    server.close();
    await once(server, "close");
  });

  beforeEach(() => {
    requests = [];
    responseDimension = 4;
    failuresBeforeSuccess = 0;
  });

  it("batches 200 inputs into 3 requests and keeps input order", async () => {
    const client = createOpenAiEmbeddings({ baseURL, apiKey: "sk-test", model: "fake-embed", dimension: 4 });
    const texts = Array.from({ length: 200 }, (_, i) => `text number ${i}`);
    const vectors = await client.embed(texts);
    expect(requests.map((r) => r.body.input.length)).toEqual([96, 96, 8]);
    expect(vectors).toEqual(texts.map((text) => vectorFor(text, 4)));
    expect(requests[0]?.body).toMatchObject({ model: "fake-embed", encoding_format: "float" });
    expect(requests[0]?.body).not.toHaveProperty("dimensions");
    expect(requests[0]?.authorization).toBe("Bearer sk-test");
  });

  it("replaces newlines with spaces and embeds empty texts to zeros without sending them", async () => {
    const client = createOpenAiEmbeddings({ baseURL, model: "fake-embed", dimension: 4 });
    const vectors = await client.embed(["first line\nsecond line\r\nthird", "", "  \n "]);
    expect(requests.map((r) => r.body.input)).toEqual([["first line second line third"]]);
    expect(vectors).toEqual([vectorFor("first line second line third", 4), [0, 0, 0, 0], [0, 0, 0, 0]]);
    expect(await client.embed([])).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("rejects vectors of the wrong dimension with EMBEDDING_ERROR", async () => {
    responseDimension = 3;
    const client = createOpenAiEmbeddings({ baseURL, model: "fake-embed", dimension: 4 });
    await expect(client.embed(["hello"])).rejects.toMatchObject({
      code: "EMBEDDING_ERROR",
      message: expect.stringContaining("returned 3-dimensional vectors, but 4 dimensions are configured"),
    });
  });

  it("retries transient server errors through the SDK, then reports persistent ones", async () => {
    failuresBeforeSuccess = 1;
    const client = createOpenAiEmbeddings({ baseURL, model: "fake-embed", dimension: 4, maxRetries: 2 });
    expect(await client.embed(["hello"])).toEqual([vectorFor("hello", 4)]);
    expect(requests).toHaveLength(2);

    failuresBeforeSuccess = 10;
    const noRetry = createOpenAiEmbeddings({ baseURL, model: "fake-embed", dimension: 4, maxRetries: 0 });
    await expect(noRetry.embed(["hello"])).rejects.toMatchObject({ code: "EMBEDDING_ERROR", message: expect.stringContaining("503") });
  });

  it("is chosen by createEmbeddingClient for non-local models, sending `dimensions` only to shorten text-embedding-3", async () => {
    const shortened = createEmbeddingClient({ model: "text-embedding-3-small", baseURL, dimension: 4 });
    expect(shortened.dimension).toBe(4);
    await shortened.embed(["hi"]);
    expect(requests[0]?.body.dimensions).toBe(4);

    const custom = createEmbeddingClient({ model: "nomic-embed-text", baseURL, dimension: 4 });
    await custom.embed(["hi"]);
    expect(requests[1]?.body).not.toHaveProperty("dimensions");
    expect(() => createEmbeddingClient({ model: "nomic-embed-text", baseURL })).toThrow(/dimension/);
    expect(createEmbeddingClient({ model: "local-hash-v1" }).dimension).toBe(256);
  });
});
