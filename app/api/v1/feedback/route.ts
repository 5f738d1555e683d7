// POST /api/v1/feedback – the outcome of a run that used a retrieval's guidelines; it feeds the
// per-tip success rates and the "harmful when injected" flag in the review queue.
import { authenticateRequest } from "@/lib/api-keys/authenticate";
import { errorResponse, readJsonBody } from "@/lib/http";
import { recordFeedback } from "@/lib/retrieval/feedback";
import { feedbackRequestSchema } from "@/lib/retrieval/schema";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  try {
    const caller = await authenticateRequest(request);
    const feedback = feedbackRequestSchema.parse(await readJsonBody(request));
    const result = await recordFeedback({ projectId: caller.projectId, feedback });
    return Response.json(result, { status: result.replaced ? 200 : 201 });
  } catch (error) {
    return errorResponse(error);
  }
}
