// GET /api/jobs/[jobId] – one job's status and progress (done/total, current item, errors).
import { NextResponse } from "next/server";
import { z } from "zod";
import { getJobById } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http";
import { jobToView } from "@/lib/jobs/view";

const paramsSchema = z.object({ jobId: z.uuid({ message: "Job ids are UUIDs." }) });

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ jobId: string }> }) {
  try {
    const { jobId } = paramsSchema.parse(await params);
    const job = await getJobById({ id: jobId });
    if (!job) throw new AppError("JOB_NOT_FOUND", { userMessage: `No job with id ${jobId}.` });
    return NextResponse.json(jobToView(job));
  } catch (error) {
    return errorResponse(error);
  }
}
