// GET /api/v1/openapi.json – the agent API as an OpenAPI 3.1 document, generated from the same zod
// schemas the routes validate with (lib/api/openapi.ts). Public, like the trajectory JSON Schema.
import { buildOpenApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-static";

export function GET() {
  return Response.json(buildOpenApiDocument());
}
