// Streams a Debrief JSON Lines file one trajectory at a time, so a file of any size is imported
// with memory bounded by its longest line, not its total size.
import fs from "node:fs";
import readline from "node:readline";
import { parseDebriefTrajectory } from "../trajectory/formats/debrief";
import type { ParseIssue } from "../trajectory/formats/types";
import { normalizedTrajectorySchema, type NormalizedTrajectory } from "../trajectory/schema";

export type StreamedRecord = { line: number; bytes: number } & ({ trajectory: NormalizedTrajectory } | { issues: ParseIssue[] });

export async function* readDebriefJsonl(filePath: string): AsyncGenerator<StreamedRecord> {
  const lines = readline.createInterface({ input: fs.createReadStream(filePath, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    const bytes = Buffer.byteLength(text) + 1;
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      yield { line, bytes, issues: [{ severity: "error", message: `Invalid JSON: ${(error as Error).message}`, line }] };
      continue;
    }
    const parsed = parseDebriefTrajectory(value, { path: "$", line });
    if (parsed.trajectory) yield { line, bytes, trajectory: normalizedTrajectorySchema.parse(parsed.trajectory) };
    else yield { line, bytes, issues: parsed.issues };
  }
}

/** True when the file's first non-empty line is a Debrief trajectory (cheap: reads one line). */
export async function isDebriefJsonl(filePath: string): Promise<boolean> {
  for await (const record of readDebriefJsonl(filePath)) return "trajectory" in record;
  return false;
}
