// One row per imported file (a zip member counts as a file): what it was, what it produced.
import type { Prisma } from "./generated/client";
import { getDb } from "./client";

export async function createUpload(input: {
  projectId: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  content: Uint8Array | null;
}) {
  return getDb().upload.create({
    data: { ...input, content: input.content ? Buffer.from(input.content) : null },
    select: { id: true },
  });
}

export async function finishUpload({
  id,
  status,
  detectedFormat,
  error,
  result,
}: {
  id: string;
  status: "imported" | "failed";
  detectedFormat: string | null;
  error: string | null;
  result: Prisma.InputJsonValue;
}) {
  await getDb().upload.update({ where: { id }, data: { status, detectedFormat, error, result, finishedAt: new Date() } });
}

export async function getUploadContent({ id }: { id: string }) {
  return getDb().upload.findUnique({ where: { id }, select: { fileName: true, content: true } });
}
