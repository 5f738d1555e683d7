// Shapes shared by the fake OpenAI-compatible server, its scripts and the CLI's JSON files.

/** Token counts to report for a scripted reply (defaults: ~4 characters per token). */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * One scripted reply for a prompt id. The reply is the first of: `rejectJsonSchema`, `status`,
 * `text`, `json`; with none of them (e.g. only `delayMs`) the fake answers a minimal value that
 * satisfies the request's JSON schema.
 */
export interface ScriptedResponse {
  /** Reply content: this value, JSON-encoded. */
  json?: unknown;
  /** Reply content verbatim (e.g. malformed JSON). */
  text?: string;
  /** An HTTP error: status, optional JSON body (default OpenAI-style error) and headers (e.g. retry-after). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** 400 like a server without structured outputs; only matches requests using json_schema. */
  rejectJsonSchema?: boolean;
  /** Wait before answering (longer than the client's timeout = a timeout). */
  delayMs?: number;
  usage?: FakeUsage;
  /** Keep answering with this entry instead of consuming it. */
  repeat?: boolean;
  /** Only match requests whose messages contain this text. */
  inputIncludes?: string;
}

/** What to do with a chat request whose prompt id has no script. */
export type UnscriptedMode = "error" | "minimal";

export interface FakeOpenAiOptions {
  /** 0 / unset = a free port. */
  port?: number;
  host?: string;
  /** Default "error": a 400 naming the missing script. "minimal": a minimal schema-valid reply. */
  unscripted?: UnscriptedMode;
  /** Reject every json_schema request, like servers without structured outputs. */
  rejectJsonSchema?: boolean;
  /** Embedding size when the request has no `dimensions`. Default 1536. */
  embeddingDimension?: number;
  /** Ids listed by GET /v1/models. */
  models?: string[];
  /** Initial scripts by prompt id. */
  scripts?: Record<string, ScriptedResponse[]>;
}

/** Every request the fake received, in arrival order. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** From the `x-debrief-prompt-id` header; null when absent. */
  promptId: string | null;
  /** response_format.type of a chat request; null otherwise. */
  responseFormat: string | null;
  receivedAt: number;
}
