// Large Debrief JSONL files (from the CLI): imported line by line, each trajectory saved as it
// is read. Same report shape as importFiles.
import { saveTrajectory } from "../db/trajectories";
import { trajectoryContentHash } from "./content-hash";
import { readDebriefJsonl } from "./read-jsonl-stream";
import { describeIssue, summarize, type FileReport, type ImportReport } from "./report";

export async function importDebriefJsonlFile(
  filePath: string,
  { projectId, fileName, onProgress }: { projectId: string; fileName: string; onProgress?: (bytesRead: number) => void },
): Promise<ImportReport> {
  const report: FileReport = { file: fileName, status: "imported", format: "debrief", trajectories: [], warnings: [] };
  let bytesRead = 0;
  for await (const record of readDebriefJsonl(filePath)) {
    bytesRead += record.bytes;
    onProgress?.(bytesRead);
    if ("issues" in record) {
      report.warnings!.push(...record.issues.map(describeIssue));
      continue;
    }
    const saved = await saveTrajectory({ projectId, uploadId: null, trajectory: record.trajectory, contentHash: trajectoryContentHash(record.trajectory) });
    report.trajectories.push({ id: saved.id, format: "debrief", steps: record.trajectory.steps.length, isDuplicate: saved.isDuplicate, task: record.trajectory.task.description.slice(0, 200), outcome: record.trajectory.outcome.label });
  }
  if (report.trajectories.length === 0) Object.assign(report, { status: "failed", error: report.warnings![0] ?? "No trajectory found." });
  else if (report.trajectories.every((t) => t.isDuplicate)) report.status = "duplicate";
  return summarize([report]);
}
