// A fake OpenAI-compatible HTTP server for integration and e2e tests: the real SDK talks to it
// over HTTP, so retries, parsing, fallback and caching run for real. See README.md.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { planChatReply, type ChatRequest } from "./chat";
import { embeddingInputs, fakeEmbedding, toBase64Float32 } from "./embeddings";
import { errorBody, headerRecord, readJsonBody, sendJson, waitUnlessClosed } from "./http";
import { ScriptBook } from "./script-book";
import type { FakeOpenAiOptions, RecordedRequest, ScriptedResponse } from "./types";

/** The request header carrying the prompt id (sent by lib/llm on every call). */
export const PROMPT_ID_HEADER = "x-debrief-prompt-id";

export interface FakeOpenAi {
  /** Base URL ending in /v1, for `OPENAI_BASE_URL` / `LlmConfig.baseURL`. */
  url: string;
  /** Every request received (reset() empties this same array). */
  readonly requests: RecordedRequest[];
  /** Appends replies for a prompt id, consumed in order. */
  script(promptId: string, ...responses: ScriptedResponse[]): void;
  requestsFor(promptId: string): RecordedRequest[];
  /** Unconsumed scripted replies per prompt id. */
  pending(): Record<string, number>;
  /** Chat requests being handled right now, and the most seen at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Forgets scripts, requests and the in-flight high-water mark. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const book = new ScriptBook();
  for (const [promptId, responses] of Object.entries(options.scripts ?? {})) book.add(promptId, responses);
  const requests: RecordedRequest[] = [];
  const counters = { inFlight: 0, maxInFlight: 0 };

  const handleChat = async (res: ServerResponse, body: ChatRequest, promptId: string | null) => {
    counters.inFlight += 1;
    counters.maxInFlight = Math.max(counters.maxInFlight, counters.inFlight);
    try {
      const reply = planChatReply(body, promptId, book, {
        unscripted: options.unscripted ?? "error",
        rejectJsonSchema: options.rejectJsonSchema ?? false,
      });
      if (reply.delayMs > 0 && !(await waitUnlessClosed(res, reply.delayMs))) return;
      sendJson(res, reply.status, reply.body, reply.headers);
    } finally {
      counters.inFlight -= 1;
    }
  };

  const handleEmbeddings = async (res: ServerResponse, body: Record<string, unknown>, promptId: string | null) => {
    // Only errors and delays are scriptable for embeddings, under the prompt id or "embeddings".
    const entry = book.take(promptId ?? "embeddings", { usesJsonSchema: false, text: "" });
    if (entry?.delayMs && !(await waitUnlessClosed(res, entry.delayMs))) return;
    if (entry?.status !== undefined) return sendJson(res, entry.status, entry.body ?? errorBody("Fake OpenAI scripted error"), entry.headers);
    const dimension = typeof body.dimensions === "number" ? body.dimensions : (options.embeddingDimension ?? 1536);
    const inputs = embeddingInputs(body.input);
    const asBase64 = body.encoding_format === "base64";
    const tokens = inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    sendJson(res, 200, {
      object: "list",
      model: body.model ?? "fake-embedding",
      data: inputs.map((text, index) => {
        const vector = fakeEmbedding(text, dimension);
        return { object: "embedding", index, embedding: asBase64 ? toBase64Float32(vector) : vector };
      }),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname.replace(/\/+$/, "");
    const body = await readJsonBody(req);
    const headers = headerRecord(req);
    const promptId = headers[PROMPT_ID_HEADER] ?? null;
    const record = isRecord(body) ? body : {};
    const responseFormat = path.endsWith("/chat/completions") && isRecord(record.response_format) ? String(record.response_format.type) : null;
    if (!path.startsWith("/__fake")) {
      requests.push({ method: req.method ?? "GET", path, headers, body, promptId, responseFormat, receivedAt: Date.now() });
    }
    const route = `${req.method} ${path}`;
    if (route === "POST /v1/chat/completions") return handleChat(res, record as ChatRequest, promptId);
    if (route === "POST /v1/embeddings") return handleEmbeddings(res, record, promptId);
    if (route === "GET /v1/models") {
      const ids = options.models ?? ["gpt-4.1-mini", "gpt-4.1", "text-embedding-3-small"];
      return sendJson(res, 200, { object: "list", data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "fake-openai" })) });
    }
    // Control routes for tests in another process (e2e): script, inspect, reset.
    if (route === "POST /__fake/scripts" && isRecord(body)) {
      for (const [id, responses] of Object.entries(body)) book.add(id, Array.isArray(responses) ? responses : [responses as ScriptedResponse]);
      return sendJson(res, 200, { ok: true, pending: book.pending() });
    }
    if (route === "GET /__fake/requests") return sendJson(res, 200, { requests, maxInFlight: counters.maxInFlight });
    if (route === "POST /__fake/reset") return sendJson(res, 200, (reset(), { ok: true }));
    sendJson(res, 404, errorBody(`Fake OpenAI: no route ${route}`, "not_found_error"));
  };

  const reset = () => {
    book.clear();
    requests.length = 0;
    counters.maxInFlight = counters.inFlight;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, errorBody(`Fake OpenAI crashed: ${String(error)}`, "server_error")));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}/v1`,
    requests,
    script: (promptId, ...responses) => book.add(promptId, responses),
    requestsFor: (promptId) => requests.filter((request) => request.promptId === promptId),
    pending: () => book.pending(),
    get inFlight() {
      return counters.inFlight;
    },
    get maxInFlight() {
      return counters.maxInFlight;
    },
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Delayed replies would otherwise hold the server open until their timers fire.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
