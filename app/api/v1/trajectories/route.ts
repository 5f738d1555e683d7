// POST /api/v1/trajectories – import trajectory files (multipart `file` fields, or one document
// as the raw body in any supported format). `?project=` names the project (default: default),
// `?format=` forces a format. With `Accept: application/x-ndjson` the response streams one
// line per finished file, then a summary line; otherwise it is one JSON import report.
// With `Authorization: Bearer <key>` the key is checked (401 when unknown or revoked) and its
// project is the target. Without one the request is accepted as before: this is also the Upload
// page's endpoint, and the app itself has no login (anyone who reaches it can create a key).
import { type NextRequest } from "next/server";
import { z } from "zod";
import { authenticateRequest, hasBearerToken, type ApiCaller } from "@/lib/api-keys/authenticate";
import { getOrCreateDefaultProject, getOrCreateProject, slugify } from "@/lib/db/projects";
import { isAppError, toUserMessage } from "@/lib/errors";
import { errorResponse } from "@/lib/http";
import type { ImportFile } from "@/lib/import/expand-archives";
import { importFiles } from "@/lib/import/import-files";
import type { FileReport } from "@/lib/import/report";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  project: z.string().trim().min(1).max(100).optional(),
  format: z.string().trim().min(1).max(60).optional(),
});

export async function POST(request: NextRequest) {
  try {
    const caller = hasBearerToken(request) ? await authenticateRequest(request) : null;
    const query = querySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    if (caller && query.project && slugify(query.project) !== caller.projectSlug) throw otherProject(caller);
    const files = await readFiles(request);
    if (files.length === 0) {
      return Response.json({ error: { code: "INVALID_INPUT", message: "No file in the request: send multipart `file` fields or a document as the body." } }, { status: 400 });
    }
    const project = caller
      ? { id: caller.projectId, slug: caller.projectSlug }
      : query.project
        ? await getOrCreateProject({ name: query.project })
        : await getOrCreateDefaultProject();
    if (request.headers.get("accept")?.includes("application/x-ndjson")) return streamImport(files, project.id, query.format);
    const report = await importFiles(files, { projectId: project.id, format: query.format });
    const status = report.imported > 0 ? 201 : report.failed.length === report.files.length ? 422 : 200;
    return Response.json({ project: project.slug, ...report }, { status });
  } catch (error) {
    return errorResponse(error);
  }
}

function otherProject(caller: ApiCaller): z.ZodError {
  return new z.ZodError([
    { code: "custom", path: ["project"], input: undefined, message: `This API key belongs to project "${caller.projectSlug}": leave out ?project= or use that project's key.` },
  ]);
}

async function readFiles(request: NextRequest): Promise<ImportFile[]> {
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.includes("multipart/form-data")) {
    const form = await request.formData();
    const entries = form.getAll("file").filter((value): value is File => typeof value !== "string");
    return Promise.all(entries.map(async (file) => ({ name: file.name || "upload", bytes: new Uint8Array(await file.arrayBuffer()) })));
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) return [];
  const name = request.headers.get("x-file-name") ?? (contentType.includes("json") ? "request.json" : "request.txt");
  return [{ name, bytes }];
}

function streamImport(files: ImportFile[], projectId: string, format: string | undefined): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (value: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
      try {
        const report = await importFiles(files, { projectId, format, onFile: (file: FileReport) => send({ type: "file", ...file }) });
        const { files: _files, ...summary } = report;
        send({ type: "summary", ...summary });
      } catch (error) {
        if (!isAppError(error)) console.error("[api] import failed", error);
        send({ type: "error", message: toUserMessage(error) });
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "content-type": "application/x-ndjson", "cache-control": "no-store" } });
}
