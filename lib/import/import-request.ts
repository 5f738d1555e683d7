// Importing the files of an HTTP request (multipart `file` fields, or one document as the raw body)
// into a project: one JSON import report, or with `Accept: application/x-ndjson` one line per
// finished file then a summary line. Shared by the agent API (key-authenticated) and the app's
// Upload page route; the callers decide the project.
import { z } from "zod";
import { isAppError, toUserMessage } from "../errors";
import type { ImportFile } from "./expand-archives";
import { importFiles } from "./import-files";
import type { FileReport } from "./report";

export const importQuerySchema = z.object({
  project: z.string().trim().min(1).max(100).optional(),
  format: z.string().trim().min(1).max(60).optional(),
});

export async function importRequestFiles(request: Request, project: { id: string; slug: string }, format: string | undefined): Promise<Response> {
  const files = await readFiles(request);
  if (files.length === 0) {
    return Response.json({ error: { code: "INVALID_INPUT", message: "No file in the request: send multipart `file` fields or a document as the body." } }, { status: 400 });
  }
  if (request.headers.get("accept")?.includes("application/x-ndjson")) return streamImport(files, project.id, format);
  const report = await importFiles(files, { projectId: project.id, format });
  const status = report.imported > 0 ? 201 : report.failed.length === report.files.length ? 422 : 200;
  return Response.json({ project: project.slug, ...report }, { status });
}

async function readFiles(request: Request): Promise<ImportFile[]> {
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
