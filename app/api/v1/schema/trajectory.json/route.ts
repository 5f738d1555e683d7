// GET /api/v1/schema/trajectory.json – JSON Schema of Debrief's own trajectory format.
import { trajectoryJsonSchema } from "@/lib/trajectory/json-schema";

export const dynamic = "force-static";

export function GET() {
  return Response.json(trajectoryJsonSchema(), { headers: { "content-type": "application/schema+json" } });
}
