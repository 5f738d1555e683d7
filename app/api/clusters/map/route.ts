// GET /api/clusters/map?projectId= – the current clusters' member descriptions projected to 2-D (for the map).
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { getClusterMap } from "@/lib/consolidation/preview-clusters";
import { errorResponse } from "@/lib/http";
import { getConfiguredEmbedder } from "@/lib/settings/embedding-settings";

const querySchema = z.object({ projectId: z.uuid({ message: "Project ids are UUIDs." }) });

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  try {
    const { projectId } = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    const points = await getClusterMap({ projectId }, { embedder: await getConfiguredEmbedder() });
    return NextResponse.json({ points });
  } catch (error) {
    return errorResponse(error);
  }
}
