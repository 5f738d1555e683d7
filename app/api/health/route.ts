// GET /api/health – database (mode, pgvector) and queue status; 503 with a reason when down.
import { NextResponse } from "next/server";
import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await checkHealth();
  return NextResponse.json(report, { status: report.status === "ok" ? 200 : 503 });
}
