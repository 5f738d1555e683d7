// POST /api/retrieval/guidelines – the guidelines block for the tips the playground selects (after a
// τ / k change in the browser), in any template, under a token budget. Renders only; logs nothing.
import { errorResponse, readJsonBody } from "@/lib/http";
import { previewGuidelines, type GuidelinesPreviewRequest } from "@/lib/retrieval/playground";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  try {
    return Response.json(await previewGuidelines((await readJsonBody(request)) as GuidelinesPreviewRequest));
  } catch (error) {
    return errorResponse(error);
  }
}
