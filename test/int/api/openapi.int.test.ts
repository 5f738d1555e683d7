// The OpenAPI document covers every /api/v1 route file and method, its request examples pass the
// schemas the routes validate with, and the document is served by its own route.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as getOpenApi } from "@/app/api/v1/openapi.json/route";
import { API_OPERATIONS } from "@/lib/api/operations";
import { buildOpenApiDocument } from "@/lib/api/openapi";

const V1 = path.resolve(import.meta.dirname, "../../../app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

describe("GET /api/v1/openapi.json", () => {
  it("documents every route file and exported method under app/api/v1", async () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const files = routeFiles(V1);
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files) {
      const route = `/api/v1/${path.relative(V1, path.dirname(file)).split(path.sep).join("/")}`;
      const exported = (await import(file)) as Record<string, unknown>;
      const methods = METHODS.filter((method) => typeof exported[method] === "function");
      expect(methods.length, route).toBeGreaterThan(0);
      for (const method of methods) expect(document.paths[route]?.[method.toLowerCase()], `${method} ${route}`).toBeDefined();
    }
    const documented = Object.entries(document.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method} ${route}`));
    expect(documented).toHaveLength(API_OPERATIONS.length);
  });

  it("has request examples that pass the routes' own schemas", () => {
    const examples = API_OPERATIONS.flatMap((operation) =>
      Object.entries(operation.requestBody ?? {}).flatMap(([mediaType, body]) => (body.example === undefined ? [] : [{ name: `${operation.operationId} ${mediaType}`, body }])),
    );
    expect(examples.map((example) => example.name).sort()).toEqual(["importMemory application/json", "reportOutcome application/json", "retrieve application/json"]);
    for (const { name, body } of examples) {
      const parsed = body.schema.safeParse(body.example);
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("is an OpenAPI 3.1 document with bearer auth on the key-protected operations", async () => {
    const document = await getOpenApi().json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/api/v1/retrieve"].post.security).toEqual([{ apiKey: [] }]);
    expect(document.paths["/api/v1/openapi.json"].get.security).toEqual([]);
    const requestSchema = document.paths["/api/v1/retrieve"].post.requestBody.content["application/json"].schema;
    expect(requestSchema.required).toEqual(["task"]);
    expect(requestSchema.additionalProperties).toBe(false);
    expect(document.paths["/api/v1/retrieve"].post.responses["200"].content["application/json"].schema.properties).toHaveProperty("guidelines");
  });
});
