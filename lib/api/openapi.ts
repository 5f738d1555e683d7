// The OpenAPI 3.1 document of /api/v1, generated from API_OPERATIONS and their zod schemas
// (z.toJSONSchema, JSON Schema 2020-12 = OpenAPI 3.1's dialect). Request bodies are documented as
// the input a schema accepts, responses as the output it produces.
import { z } from "zod";
import { API_OPERATIONS, type ApiOperation } from "./operations";

type JsonObject = Record<string, unknown>;

export function buildOpenApiDocument(): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const operation of API_OPERATIONS) (paths[operation.path] ??= {})[operation.method] = toOperation(operation);
  return {
    openapi: "3.1.0",
    info: {
      title: "Debrief agent API",
      version: "1",
      description:
        "Serve reviewed tips from agent trajectories to the next agent run. Authenticate with a project API key (Settings → API keys): " +
        "`Authorization: Bearer <key>`; the key's project is the one read and written.",
    },
    servers: [{ url: "/" }],
    components: { securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "A project API key (dbk_…)." } } },
    paths,
  };
}

function toOperation(operation: ApiOperation): JsonObject {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    security: operation.auth === "required" ? [{ apiKey: [] }] : [],
    ...(operation.query && { parameters: queryParameters(operation.query) }),
    ...(operation.requestBody && {
      requestBody: {
        required: true,
        content: Object.fromEntries(
          Object.entries(operation.requestBody).map(([mediaType, body]) => [
            mediaType,
            { schema: jsonSchema(body.schema, "input"), ...(body.example !== undefined && { example: body.example }) },
          ]),
        ),
      },
    }),
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        { description: response.description, ...(response.schema && { content: { [response.mediaType ?? "application/json"]: { schema: jsonSchema(response.schema, "output") } } }) },
      ]),
    ),
  };
}

function queryParameters(query: z.ZodObject): JsonObject[] {
  const schema = jsonSchema(query, "input") as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: schema.required?.includes(name) ?? false, ...(description !== undefined && { description }), schema: rest };
  });
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonObject;
  return rest;
}
