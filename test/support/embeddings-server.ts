// A tiny OpenAI-compatible /v1/embeddings server for job tests: deterministic vectors,
// optional delay per request, and texts that fail (always, or a given number of times).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface EmbeddingsServerOptions {
  dimension?: number;
  delayMs?: number;
  /** Inputs containing one of these markers fail with HTTP 500 (`times` then succeed; Infinity = always). */
  failures?: { marker: string; times: number }[];
}

export interface EmbeddingsServer {
  url: string;
  /** Every input text the server was asked to embed, in order (including failed requests). */
  inputs: string[];
  requestCount(): number;
  close(): Promise<void>;
}

export async function startEmbeddingsServer(options: EmbeddingsServerOptions = {}): Promise<EmbeddingsServer> {
  const dimension = options.dimension ?? 8;
  const failures = (options.failures ?? []).map((f) => ({ ...f, seen: 0 }));
  const inputs: string[] = [];
  let requests = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      requests++;
      const { input } = JSON.parse(body || "{}") as { input: string[] | string };
      const texts = Array.isArray(input) ? input : [input];
      inputs.push(...texts);
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      const failing = failures.find((f) => texts.some((t) => t.includes(f.marker)) && f.seen++ < f.times);
      if (failing) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `cannot embed text with ${failing.marker}`, type: "server_error" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          model: "test-embed",
          data: texts.map((text, index) => ({ object: "embedding", index, embedding: vectorFor(text, dimension) })),
          usage: { prompt_tokens: texts.length, total_tokens: texts.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    inputs,
    requestCount: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function vectorFor(text: string, dimension: number): number[] {
  const vector = Array.from({ length: dimension }, (_, i) => ((text.charCodeAt(i % Math.max(1, text.length)) || 1) % 17) + 1);
  const norm = Math.hypot(...vector);
  return vector.map((v) => v / norm);
}
