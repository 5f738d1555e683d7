// GET /api/tips/[tipId] – one tip with provenance, history and the extraction that produced it,
// plus the approved tips nearest to it by embedding and the tips it was flagged against.
import { NextResponse } from "next/server";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http";
import type { TipDetailResponse } from "@/components/tips/types";
import { loadTipDetail } from "@/app/review/_components/load-tip-detail";

const paramsSchema = z.object({ tipId: z.uuid({ message: "Tip ids are UUIDs." }) });

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ tipId: string }> }) {
  try {
    const { tipId } = paramsSchema.parse(await params);
    const detail = await loadTipDetail({ id: tipId });
    if (!detail) throw new AppError("NOT_FOUND", { userMessage: `No tip with id ${tipId}.` });
    const body: TipDetailResponse = { tip: detail.tip, similar: detail.similar, flaggedAgainst: detail.flaggedAgainst, retrievalStats: detail.retrievalStats };
    return NextResponse.json(body);
  } catch (error) {
    return errorResponse(error);
  }
}
