// One measured phase of the import benchmark, run in its own process so its peak memory
// (maxRSS) is its own. Prints one JSON line: { phase, seconds, records, maxRssMb }.
import fs from "node:fs";
import readline from "node:readline";
import { performance } from "node:perf_hooks";
import { bootstrapDatabase } from "../../lib/db/bootstrap";
import { disconnectDb } from "../../lib/db/client";
import { getOrCreateProject } from "../../lib/db/projects";
import { importDebriefJsonlFile } from "../../lib/import/import-jsonl-stream";
import { readDebriefJsonl } from "../../lib/import/read-jsonl-stream";

const [phase, file] = process.argv.slice(2) as [string, string];
let records = 0;
const start = performance.now();

if (phase === "json-parse-whole") {
  // The baseline: the bytes in memory at once, JSON.parse per line, nothing else.
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (line && JSON.parse(line)) records++;
  }
} else if (phase === "json-parse-stream") {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line && JSON.parse(line)) records++;
  }
} else if (phase === "import-parse") {
  // Debrief's streaming reader: JSON.parse + validation + normalization of every trajectory.
  for await (const record of readDebriefJsonl(file)) if ("trajectory" in record) records++;
} else if (phase === "import-db") {
  const database = await bootstrapDatabase({ dataDir: "memory://" });
  const project = await getOrCreateProject({ name: "bench" });
  const report = await importDebriefJsonlFile(file, { projectId: project.id, fileName: "bench.jsonl" });
  records = report.imported;
  await disconnectDb();
  await database.embedded?.stop();
}

const seconds = (performance.now() - start) / 1000;
console.log(JSON.stringify({ phase, seconds, records, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
