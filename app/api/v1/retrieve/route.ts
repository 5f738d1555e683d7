// POST /api/v1/retrieve – guidance for a new task: the tips cosine or LLM-guided retrieval selects,
// rendered as a guidelines block for the agent's prompt. The key's project is searched.
import { authenticateRequest } from "@/lib/api-keys/authenticate";
import { errorResponse, readJsonBody } from "@/lib/http";
import { createRetrievalDeps } from "@/lib/retrieval/deps";
import { retrieve } from "@/lib/retrieval/retrieve";
import { retrieveRequestSchema, type RetrieveResponse } from "@/lib/retrieval/schema";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  try {
    const caller = await authenticateRequest(request);
    const { task, ...overrides } = retrieveRequestSchema.parse(await readJsonBody(request));
    const result = await retrieve({ projectId: caller.projectId, task, overrides, source: "api", apiKeyId: caller.keyId }, await createRetrievalDeps());
    return Response.json(result satisfies RetrieveResponse);
  } catch (error) {
    return errorResponse(error);
  }
}
