// GET /api/jobs – recent jobs with progress, for the Jobs page (polled).
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { jobToView } from "@/lib/jobs/view";
import { listJobs } from "@/lib/db/jobs";
import { errorResponse } from "@/lib/http";

const querySchema = z.object({
  status: z.enum(["queued", "running", "succeeded", "failed", "canceled"]).optional(),
  projectId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  try {
    const query = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    const jobs = await listJobs(query);
    return NextResponse.json({ jobs: jobs.map(jobToView) });
  } catch (error) {
    return errorResponse(error);
  }
}
