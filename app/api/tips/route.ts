// GET /api/tips – one page of a project's tips for the review queue (filters as in the URL),
// with the count of tips per status for the tabs.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { countTipsByStatus, listTips } from "@/lib/db/tip-queries";
import { errorResponse } from "@/lib/http";
import type { TipListPage } from "@/components/tips/types";
import { REVIEW_PAGE_SIZE, reviewFiltersSchema, toTipListFilters } from "@/app/review/_components/review-query";
import { toTipListItem } from "@/app/review/_components/tip-view";

const querySchema = reviewFiltersSchema.extend({
  projectId: z.uuid({ message: "Project ids are UUIDs." }),
  cursor: z.string().trim().regex(/^\d{1,7}$/, "Cursors are offsets.").optional(),
  limit: z.coerce.number().int().min(1).max(200).default(REVIEW_PAGE_SIZE),
});

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  try {
    const { projectId, cursor, limit, ...filters } = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    const [page, counts] = await Promise.all([
      listTips({ projectId, ...toTipListFilters(filters), cursor, limit }),
      countTipsByStatus({ projectId, ...toTipListFilters(filters) }),
    ]);
    const body: TipListPage = { items: page.items.map(toTipListItem), nextCursor: page.nextCursor, counts };
    return NextResponse.json(body);
  } catch (error) {
    return errorResponse(error);
  }
}
