// GET /api/retrieval/tips?projectId=&q= – approved tips matching q (content, purpose, application),
// newest first: the evaluation set's tip picker.
import { type NextRequest } from "next/server";
import { searchApprovedTips } from "@/lib/db/retrieval-evaluation";
import { errorResponse } from "@/lib/http";
import { toTipSummaryView } from "@/lib/retrieval/evaluation/evaluation-set";
import { tipPickerQuerySchema } from "@/lib/retrieval/evaluation/schema";

export const dynamic = "force-dynamic";

const PICKER_LIMIT = 50;

export async function GET(request: NextRequest) {
  try {
    const { projectId, q } = tipPickerQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    const tips = await searchApprovedTips({ projectId, q, take: PICKER_LIMIT });
    return Response.json({ tips: tips.map(toTipSummaryView), limit: PICKER_LIMIT });
  } catch (error) {
    return errorResponse(error);
  }
}
