// The NDJSON stream of an import request (POST /api/trajectories/import, Accept: application/x-ndjson): one line per
// finished file, then a summary — or an error line if the batch as a whole failed. Parsed with
// zod because it crosses a network edge; the shapes mirror lib/import/report.ts.
import { z } from "zod";

const fileLineSchema = z.object({
  type: z.literal("file"),
  file: z.string(),
  status: z.enum(["imported", "duplicate", "failed", "outcomes"]),
  format: z.string().nullable(),
  trajectories: z.array(
    z.object({ id: z.string(), format: z.string(), steps: z.number(), isDuplicate: z.boolean(), task: z.string(), outcome: z.string() }),
  ),
  error: z.string().optional(),
  line: z.number().optional(),
  path: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  outcomesApplied: z.number().optional(),
});

const summaryLineSchema = z.object({
  type: z.literal("summary"),
  imported: z.number(),
  duplicates: z.number(),
  failed: z.array(z.object({ file: z.string() }).loose()),
});

const errorLineSchema = z.object({ type: z.literal("error"), message: z.string() });

export const uploadStreamLineSchema = z.discriminatedUnion("type", [fileLineSchema, summaryLineSchema, errorLineSchema]);
export type UploadStreamLine = z.infer<typeof uploadStreamLineSchema>;
export type FileResult = z.infer<typeof fileLineSchema>;
export type UploadSummary = z.infer<typeof summaryLineSchema>;

/** Parses one line; a line that does not fit becomes an error line rather than an exception. */
export function parseStreamLine(text: string): UploadStreamLine {
  try {
    const parsed = uploadStreamLineSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: not JSON
  }
  return { type: "error", message: `The server sent a response line Debrief does not understand: ${text.slice(0, 200)}` };
}

/**
 * Splits a growing response text into complete lines as it arrives (XHR's responseText keeps
 * everything received so far); the unfinished tail waits for the next call.
 */
export function createLineReader() {
  let consumed = 0;
  return {
    /** New complete lines since the last call; with `isFinal`, the tail too. */
    read(text: string, isFinal = false): string[] {
      const end = isFinal ? text.length : text.lastIndexOf("\n") + 1;
      if (end <= consumed) return [];
      const chunk = text.slice(consumed, end);
      consumed = end;
      return chunk.split("\n").map((line) => line.trim()).filter((line) => line.length > 0);
    },
  };
}
