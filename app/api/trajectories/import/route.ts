// POST /api/trajectories/import – the Upload page's import (the app itself has no login; agents use
// POST /api/v1/trajectories with a project key). `?project=` names the project (created if new;
// default: the default project), `?format=` forces a format; same body and responses as the API.
import { type NextRequest } from "next/server";
import { getOrCreateDefaultProject, getOrCreateProject } from "@/lib/db/projects";
import { errorResponse } from "@/lib/http";
import { importQuerySchema, importRequestFiles } from "@/lib/import/import-request";

export const dynamic = "force-dynamic";

export async function POST(request: NextRequest) {
  try {
    const query = importQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    const project = query.project ? await getOrCreateProject({ name: query.project }) : await getOrCreateDefaultProject();
    return await importRequestFiles(request, project, query.format);
  } catch (error) {
    return errorResponse(error);
  }
}
