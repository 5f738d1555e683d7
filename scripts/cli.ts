// `npm run cli -- <command>`: the same library code as the app, for scripts and CI.
//   import <paths…> [--project NAME] [--format ID] [--outcomes FILE]… [--json]
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { bootstrapDatabase } from "../lib/db/bootstrap";
import { disconnectDb } from "../lib/db/client";
import { getOrCreateDefaultProject, getOrCreateProject } from "../lib/db/projects";
import { isAppError, toUserMessage } from "../lib/errors";
import { consolidateCommand, proposalsCommand } from "./cli-consolidate";
import { retrieveCommand } from "./cli-retrieve";
import { extractCommand, tipsCommand } from "./cli-tips";
import { importFiles } from "../lib/import/import-files";
import { importDebriefJsonlFile } from "../lib/import/import-jsonl-stream";
import { isDebriefJsonl } from "../lib/import/read-jsonl-stream";
import { readImportPaths } from "../lib/import/read-paths";
import type { ImportReport } from "../lib/import/report";
import { FORMAT_PARSERS } from "../lib/trajectory/formats/registry";
import { OUTCOME_PARSERS } from "../lib/trajectory/outcomes/registry";

const USAGE = `Usage:
  npm run cli -- import <paths…> [--project NAME] [--format ID] [--outcomes FILE] [--json]
  npm run cli -- extract [--project NAME] [--trajectory ID…] [--granularity task|subtask|both] [--model STAGE=MODEL…] [--offline] [--json]
      (--model extraction=gpt-4.1-mini --model attribution=gpt-4.1: this run's model per stage; stages: extraction, attribution, segmentation)
  npm run cli -- tips list [--project NAME] [--status S] [--json]
  npm run cli -- tips approve|reject ID… [--reason TEXT]
  npm run cli -- consolidate [--project NAME] [--threshold X] [--linkage average|single|complete] [--offline] [--json]
  npm run cli -- proposals accept|reject|revert ID… [--note TEXT]
  npm run cli -- retrieve "<task>" [--project NAME] [--strategy cosine|llm] [--threshold X] [--top-k N] [--granularity task|subtask|both] [--json]
  npm run cli -- formats

Formats: ${FORMAT_PARSERS.map((p) => p.id).join(", ")}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "formats") {
    console.log("Trajectory formats (detected automatically; --format forces one):");
    for (const parser of FORMAT_PARSERS) console.log(`  ${parser.id.padEnd(22)} ${parser.label}`);
    console.log("Outcome files (import them with the trajectories they label):");
    for (const parser of OUTCOME_PARSERS) console.log(`  ${parser.id.padEnd(22)} ${parser.label}`);
    return 0;
  }
  const databaseCommands: Record<string, (args: string[]) => Promise<number>> = {
    extract: extractCommand,
    tips: tipsCommand,
    consolidate: consolidateCommand,
    proposals: proposalsCommand,
    retrieve: retrieveCommand,
  };
  const databaseCommand = command ? databaseCommands[command] : undefined;
  if (databaseCommand) {
    const database = await bootstrapDatabase();
    try {
      return await databaseCommand(rest);
    } finally {
      await disconnectDb();
      await database.embedded?.stop();
    }
  }
  if (command !== "import") {
    console.error(USAGE);
    return command ? 2 : 0;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      project: { type: "string" },
      format: { type: "string" },
      outcomes: { type: "string", multiple: true },
      json: { type: "boolean", default: false },
    },
  });
  if (positionals.length === 0) {
    console.error(`No files given.\n${USAGE}`);
    return 2;
  }
  // Big Debrief JSONL files stream line by line (bounded memory, no size limit); the rest load whole.
  const streamed: string[] = [];
  for (const input of positionals) if (await isStreamable(input, values.format)) streamed.push(input);
  const { files, missing } = readImportPaths([...(values.outcomes ?? []), ...positionals.filter((p) => !streamed.includes(p))]);
  const database = await bootstrapDatabase();
  try {
    const project = values.project ? await getOrCreateProject({ name: values.project }) : await getOrCreateDefaultProject();
    const onFile = values.json ? undefined : (file: ImportReport["files"][number]) => console.log(describeFile(file));
    const report = await importFiles(files, { projectId: project.id, format: values.format, onFile });
    for (const filePath of streamed) {
      const part = await importDebriefJsonlFile(filePath, { projectId: project.id, fileName: path.basename(filePath) });
      part.files.forEach((file) => onFile?.(file));
      mergeReports(report, part);
    }
    report.failed.unshift(...missing.map((file) => ({ file, error: "No such file or folder." })));
    if (values.json) {
      const summary = report;
      console.log(
        JSON.stringify({
          imported: summary.imported,
          duplicates: summary.duplicates,
          failed: summary.failed.map(({ file, error }) => ({ file, error })),
          trajectories: summary.trajectories.map(({ id, format, steps }) => ({ id, format, steps })),
        }),
      );
    } else {
      console.log(describeSummary(report, project.slug));
    }
    // Non-zero only when nothing could be imported: partial success is success for scripts.
    return report.imported + report.duplicates > 0 || (files.length > 0 && report.failed.length === 0) ? 0 : 1;
  } finally {
    await disconnectDb();
    await database.embedded?.stop();
  }
}

function describeFile(file: ImportReport["files"][number]): string {
  if (file.status === "failed") return `✗ ${file.file}: ${file.error}`;
  if (file.status === "outcomes") return `• ${file.file}: outcomes (${file.format}), applied to ${plural(file.outcomesApplied ?? 0, "trajectory", "trajectories")}`;
  const counts = file.trajectories.map((t) => `${t.steps} steps${t.isDuplicate ? ", duplicate" : ""}`).join("; ");
  return `✓ ${file.file}: ${file.format} → ${plural(file.trajectories.length, "trajectory", "trajectories")} (${counts})`;
}

const STREAM_THRESHOLD_BYTES = 32 * 1024 * 1024;

async function isStreamable(input: string, format: string | undefined): Promise<boolean> {
  if (format && format !== "debrief") return false;
  if (!input.endsWith(".jsonl") || !fs.existsSync(input) || fs.statSync(input).size < STREAM_THRESHOLD_BYTES) return false;
  return isDebriefJsonl(input);
}

function mergeReports(into: ImportReport, part: ImportReport): void {
  into.imported += part.imported;
  into.duplicates += part.duplicates;
  into.failed.push(...part.failed);
  into.trajectories.push(...part.trajectories);
  into.files.push(...part.files);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function describeSummary(report: ImportReport, project: string): string {
  return `Imported ${report.imported}, duplicates ${report.duplicates}, failed ${report.failed.length} (project "${project}").`;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(isAppError(error) ? toUserMessage(error) : error);
    process.exit(1);
  });
