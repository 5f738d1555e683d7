// GET /api/retrieval/evaluation?projectId= – precision / recall / F1 of cosine retrieval over the
// project's evaluation set across τ × k (computed on request; nothing is stored or logged).
import { type NextRequest } from "next/server";
import { errorResponse } from "@/lib/http";
import { evaluateRetrieval } from "@/lib/retrieval/evaluation/evaluate";
import { evaluationQuerySchema } from "@/lib/retrieval/evaluation/schema";
import { getConfiguredEmbedder } from "@/lib/settings/embedding-settings";

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  try {
    const { projectId } = evaluationQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    return Response.json(await evaluateRetrieval({ projectId }, { embedder: await getConfiguredEmbedder() }));
  } catch (error) {
    return errorResponse(error);
  }
}
