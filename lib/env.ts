// The only reader of process.env (lint-enforced). Parsed once, with zod, at first import.
import { createEnv } from "@t3-oss/env-core";
import { z } from "zod";

const optionalInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** External PostgreSQL (with pgvector). Unset = embedded PGlite under DEBRIEF_DATA_DIR. */
    DATABASE_URL: z.url().optional(),
    /** Set by the launcher and test setups to share one embedded server with child processes. */
    DEBRIEF_EMBEDDED_DATABASE_URL: z.url().optional(),
    /** Where the embedded database and its advertisement file live; `memory://` keeps it in RAM. */
    DEBRIEF_DATA_DIR: z.string().default(".data"),
    DATABASE_POOL_SIZE: optionalInt(10),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.url().optional(),
    /** Default chat model for every LLM stage; per-stage overrides live in Settings. */
    LLM_MODEL: z.string().default("gpt-4.1-mini"),
    LLM_CONCURRENCY: optionalInt(4),
    LLM_TIMEOUT_MS: optionalInt(60_000),
    LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
    /** JSON object { model: { input: usdPerMTok, output: usdPerMTok } } merged over the built-in table. */
    LLM_PRICES: z.string().optional(),
    EMBEDDING_MODEL: z.string().default("local-hash-v1"),
    /** Vector size of an OpenAI-compatible EMBEDDING_MODEL that is not a well-known one. */
    EMBEDDING_DIMENSION: z.coerce.number().int().positive().optional(),
    WORKER_CONCURRENCY: optionalInt(2),
    /** How often a running job proves it is alive, and when a silent one counts as crashed. */
    JOB_HEARTBEAT_SECONDS: optionalInt(10),
    JOB_STALE_SECONDS: optionalInt(60),
    PORT: optionalInt(3000),
    /** Import limits: one file (also each zip member), one batch (all files, zips expanded), files per batch. */
    IMPORT_MAX_FILE_MB: optionalInt(100),
    IMPORT_MAX_BATCH_MB: optionalInt(1024),
    IMPORT_MAX_FILES: optionalInt(5000),
    /** Where the real sample trajectories are (imported into the demo project when present). */
    DEBRIEF_SAMPLES_DIR: z.string().default("../shared/samples"),
  },
  runtimeEnv: process.env,
  emptyStringAsUndefined: true,
});

export type Env = typeof env;
