// GET /api/trajectories – one keyset page of a project's trajectories with the list filters,
// plus the matching total, for the trajectory table's "Load more" and filter changes.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { countTrajectories, listTrajectories } from "@/lib/db/trajectory-queries";
import { errorResponse } from "@/lib/http";
import { toListItem, type TrajectoryListPage } from "@/app/trajectories/_components/list-item";
import { LIST_PAGE_SIZE, listFiltersSchema, toQueryFilters } from "@/app/trajectories/_components/list-query";

const querySchema = listFiltersSchema.extend({
  projectId: z.uuid({ message: "Project ids are UUIDs." }),
  cursor: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(LIST_PAGE_SIZE),
});

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  try {
    const { projectId, cursor, limit, ...filters } = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    const where = { projectId, ...toQueryFilters(filters) };
    const [page, total] = await Promise.all([listTrajectories({ ...where, cursor, limit }), countTrajectories(where)]);
    const body: TrajectoryListPage = { items: page.items.map(toListItem), nextCursor: page.nextCursor, total };
    return NextResponse.json(body);
  } catch (error) {
    return errorResponse(error);
  }
}
