// GET /api/v1/memory/export – the key's project's approved tips, clusters and provenance as one
// versioned JSON document (lib/memory/schema.ts), ready for POST /api/v1/memory/import elsewhere.
import { authenticateRequest } from "@/lib/api-keys/authenticate";
import { errorResponse } from "@/lib/http";
import { exportMemory } from "@/lib/memory/export-memory";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  try {
    const caller = await authenticateRequest(request);
    const document = await exportMemory({ projectId: caller.projectId });
    const fileName = `debrief-memory-${caller.projectSlug}-${document.exportedAt.slice(0, 10)}.json`;
    return Response.json(document, { headers: { "content-disposition": `attachment; filename="${fileName}"` } });
  } catch (error) {
    return errorResponse(error);
  }
}
