// POST /api/v1/trajectories – the agent API's import: `Authorization: Bearer <project key>` (401 when
// missing, unknown or revoked); the key's project is the target (a different `?project=` is a 400).
// Multipart `file` fields or one document as the raw body; `?format=` forces a format; with
// `Accept: application/x-ndjson` the response streams one line per finished file, then a summary.
import { type NextRequest } from "next/server";
import { z } from "zod";
import { authenticateRequest, type ApiCaller } from "@/lib/api-keys/authenticate";
import { slugify } from "@/lib/db/projects";
import { errorResponse } from "@/lib/http";
import { importQuerySchema, importRequestFiles } from "@/lib/import/import-request";

export const dynamic = "force-dynamic";

export async function POST(request: NextRequest) {
  try {
    const caller = await authenticateRequest(request);
    const query = importQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    if (query.project && slugify(query.project) !== caller.projectSlug) throw otherProject(caller);
    return await importRequestFiles(request, { id: caller.projectId, slug: caller.projectSlug }, query.format);
  } catch (error) {
    return errorResponse(error);
  }
}

function otherProject(caller: ApiCaller): z.ZodError {
  return new z.ZodError([
    { code: "custom", path: ["project"], input: undefined, message: `This API key belongs to project "${caller.projectSlug}": leave out ?project= or use that project's key.` },
  ]);
}
