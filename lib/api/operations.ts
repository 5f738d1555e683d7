// Every /api/v1 operation, described once with the zod schemas its route validates with: the
// OpenAPI document is generated from this list, and an integration test checks that every route
// file under app/api/v1 is in it and that each request example passes its schema.
import { z } from "zod";
import { memoryDocumentSchema, memoryImportQuerySchema, memoryImportResultSchema } from "../memory/schema";
import { feedbackRequestSchema, feedbackResponseSchema, retrieveRequestSchema, retrieveResponseSchema } from "../retrieval/schema";
import { EXAMPLE_FEEDBACK, EXAMPLE_MEMORY, EXAMPLE_RETRIEVE } from "./examples";

/** "required": Bearer key (401 without); "none": public. */
export type ApiAuth = "required" | "none";

export interface ApiBody {
  /** Validates the body (JSON bodies), or documents it (other media types). */
  schema: z.ZodType;
  /** Must pass `schema` (checked by test/int/api/openapi.int.test.ts). */
  example?: unknown;
}

export interface ApiOperation {
  method: "get" | "post";
  path: string;
  operationId: string;
  summary: string;
  description: string;
  auth: ApiAuth;
  query?: z.ZodObject;
  /** By media type. */
  requestBody?: Record<string, ApiBody>;
  responses: Record<number, { description: string; schema?: z.ZodType; mediaType?: string }>;
}

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe("A stable code: INVALID_INPUT, UNAUTHORIZED, NOT_FOUND, …"),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional().describe('Invalid fields by dotted path ("tips.3.content").'),
  }),
});

/** The import report of POST /api/v1/trajectories (lib/import/report.ts), for the document. */
const importReportSchema = z.object({
  project: z.string(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  failed: z.array(z.object({ file: z.string(), error: z.string(), format: z.string().nullable().optional(), line: z.number().int().optional(), path: z.string().optional() })),
  trajectories: z.array(z.object({ id: z.uuid(), format: z.string(), steps: z.number().int(), file: z.string(), isDuplicate: z.boolean() })),
  files: z.array(z.looseObject({ file: z.string(), status: z.enum(["imported", "duplicate", "failed", "outcomes"]), format: z.string().nullable() })),
});

const errors = {
  400: { description: "Invalid input: `error.fieldErrors` names each invalid field.", schema: apiErrorSchema },
  401: { description: "Missing, unknown or revoked API key.", schema: apiErrorSchema },
} as const;

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/retrieve",
    operationId: "retrieve",
    summary: "Retrieve guidelines for a new task",
    description:
      "Embeds the task, compares it with the descriptions approved tips are indexed by, keeps tips with similarity ≥ threshold (then the top k), " +
      "and renders them as a guidelines block to put after the task context and before the agent's standard instructions. " +
      'strategy "llm" first asks the LLM for the task\'s applications and category priorities (metadata filter + priority-weighted ranking) and falls back to cosine, saying so in `fallback`. ' +
      "Fields left out come from the project's retrieval settings.",
    auth: "required",
    requestBody: { "application/json": { schema: retrieveRequestSchema, example: EXAMPLE_RETRIEVE } },
    responses: { 200: { description: "The selected tips and the guidelines block.", schema: retrieveResponseSchema }, ...errors },
  },
  {
    method: "post",
    path: "/api/v1/feedback",
    operationId: "reportOutcome",
    summary: "Report the outcome of a run that used a retrieval",
    description: "Attaches success or failure to a retrieval; a second report replaces the first. Feeds each injected tip's success rate and the review queue's harm flag.",
    auth: "required",
    requestBody: { "application/json": { schema: feedbackRequestSchema, example: EXAMPLE_FEEDBACK } },
    responses: {
      201: { description: "Recorded.", schema: feedbackResponseSchema },
      200: { description: "Replaced an earlier report.", schema: feedbackResponseSchema },
      ...errors,
      404: { description: "No such retrieval in the key's project.", schema: apiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/trajectories",
    operationId: "importTrajectories",
    summary: "Import trajectories",
    description:
      "Multipart `file` fields, or one document as the raw body, in any supported format (detected, or forced with ?format=). " +
      "The key's project receives the runs. " +
      "Accept: application/x-ndjson streams one line per file, then a summary.",
    auth: "required",
    query: z.object({
      project: z.string().optional().describe("Optional check: the key's project name or slug (another project is a 400)."),
      format: z.string().optional().describe("Force a format id (see `npm run cli -- formats`)."),
    }),
    requestBody: {
      "multipart/form-data": { schema: z.object({ file: z.array(z.string().describe("binary")).describe("One or more files (JSON, JSONL, YAML, Markdown, text, zip).") }) },
      "application/json": { schema: z.unknown().describe("One trajectory document (Debrief's own format: /api/v1/schema/trajectory.json, or any supported format).") },
    },
    responses: {
      201: { description: "At least one trajectory imported.", schema: importReportSchema },
      200: { description: "Nothing new (duplicates).", schema: importReportSchema },
      422: { description: "No file could be imported.", schema: importReportSchema },
      ...errors,
    },
  },
  {
    method: "get",
    path: "/api/v1/memory/export",
    operationId: "exportMemory",
    summary: "Export the project's memory",
    description: "Approved tips with their metadata, clusters and provenance, as a versioned document (format debrief.memory, version 1).",
    auth: "required",
    responses: { 200: { description: "The memory document.", schema: memoryDocumentSchema }, 401: errors[401] },
  },
  {
    method: "post",
    path: "/api/v1/memory/import",
    operationId: "importMemory",
    summary: "Import a memory export",
    description:
      "Idempotent: tips already imported, or giving the same advice as a live tip, are duplicates. Clusters are reused by canonical description. " +
      "Tips flagged by the quality checks are imported for review, never approved unseen.",
    auth: "required",
    query: memoryImportQuerySchema,
    requestBody: { "application/json": { schema: memoryDocumentSchema, example: EXAMPLE_MEMORY } },
    responses: { 201: { description: "Imported.", schema: memoryImportResultSchema }, 200: { description: "Nothing new.", schema: memoryImportResultSchema }, ...errors },
  },
  {
    method: "get",
    path: "/api/v1/schema/trajectory.json",
    operationId: "trajectorySchema",
    summary: "JSON Schema of Debrief's trajectory format",
    description: "For agents that write Debrief's own format.",
    auth: "none",
    responses: { 200: { description: "A JSON Schema (2020-12).", mediaType: "application/schema+json" } },
  },
  {
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "openApi",
    summary: "This document",
    description: "The agent API as OpenAPI 3.1.",
    auth: "none",
    responses: { 200: { description: "OpenAPI 3.1 document." } },
  },
];
