// `npm run cli -- <command>`: the same library code as the app, for scripts and CI.
//   import <paths…> [--project NAME] [--format ID] [--outcomes FILE]… [--json]
import { parseArgs } from "node:util";
import { bootstrapDatabase } from "../lib/db/bootstrap";
import { disconnectDb } from "../lib/db/client";
import { getOrCreateDefaultProject, getOrCreateProject } from "../lib/db/projects";
import { isAppError, toUserMessage } from "../lib/errors";
import { importFiles } from "../lib/import/import-files";
import { readImportPaths } from "../lib/import/read-paths";
import type { ImportReport } from "../lib/import/report";
import { FORMAT_PARSERS } from "../lib/trajectory/formats/registry";

const USAGE = `Usage:
  npm run cli -- import <paths…> [--project NAME] [--format ID] [--outcomes FILE] [--json]
  npm run cli -- formats

Formats: ${FORMAT_PARSERS.map((p) => p.id).join(", ")}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "formats") {
    for (const parser of FORMAT_PARSERS) console.log(`${parser.id.padEnd(22)} ${parser.label}`);
    return 0;
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
  const { files, missing } = readImportPaths([...(values.outcomes ?? []), ...positionals]);
  const database = await bootstrapDatabase();
  try {
    const project = values.project ? await getOrCreateProject({ name: values.project }) : await getOrCreateDefaultProject();
    const report = await importFiles(files, {
      projectId: project.id,
      format: values.format,
      onFile: values.json ? undefined : (file) => console.log(describeFile(file)),
    });
    report.failed.unshift(...missing.map((file) => ({ file, error: "No such file or folder." })));
    if (values.json) {
      const { files: _files, ...summary } = report;
      console.log(JSON.stringify({ ...summary, trajectories: summary.trajectories.map(({ id, format, steps }) => ({ id, format, steps })) }));
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
