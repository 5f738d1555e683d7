// POST /api/v1/memory/import[?status=approved|proposed] – a memory export into the key's project.
// Idempotent (importing the same document twice imports nothing new); flagged tips go to review.
import { authenticateRequest } from "@/lib/api-keys/authenticate";
import { errorResponse, readJsonBody } from "@/lib/http";
import { importMemory } from "@/lib/memory/import-memory";
import { memoryImportQuerySchema } from "@/lib/memory/schema";
import { getConfiguredEmbedder } from "@/lib/settings/embedding-settings";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  try {
    const caller = await authenticateRequest(request);
    const { status } = memoryImportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const document = await readJsonBody(request);
    const result = await importMemory({ projectId: caller.projectId, document, status, actor: `api-key:${caller.keyId}` }, { embedder: await getConfiguredEmbedder() });
    return Response.json(result, { status: result.tips.imported > 0 ? 201 : 200 });
  } catch (error) {
    return errorResponse(error);
  }
}
