// GET /api/clusters/preview?projectId=&threshold=&linkage= – how the current clusters would split or
// join under another threshold / linkage, without running anything.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { LinkageSchema } from "@/lib/consolidation/cluster/linkage";
import { previewClustering } from "@/lib/consolidation/preview-clusters";
import { errorResponse } from "@/lib/http";
import { getConfiguredEmbedder } from "@/lib/settings/embedding-settings";

const querySchema = z.object({
  projectId: z.uuid({ message: "Project ids are UUIDs." }),
  threshold: z.coerce.number().gt(0, "The threshold must be above 0.").max(1, "The threshold is at most 1."),
  linkage: LinkageSchema,
});

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  try {
    const input = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    return NextResponse.json(await previewClustering(input, { embedder: await getConfiguredEmbedder() }));
  } catch (error) {
    return errorResponse(error);
  }
}
