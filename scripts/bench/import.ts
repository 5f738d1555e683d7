// Import throughput: a generated ~100 MB Debrief JSONL file, measured side by side with plain
// JSON.parse of the same bytes, each phase in its own process for a clean peak-memory figure.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const TARGET_MB = Number(process.env.BENCH_IMPORT_MB ?? 100);
const DB_SLICE_MB = 5;

function trajectoryLine(i: number): string {
  const steps = Array.from({ length: 12 }, (_, k) => ({
    index: k,
    kind: "tool_call",
    thought: `Step ${k} of run ${i}: look up the next item and check the response before moving on.`,
    name: ["search_products", "get_cart", "checkout", "get_payment_methods"][k % 4],
    arguments: { query: `item ${i}-${k}`, page: k },
    callId: `call_${i}_${k}`,
    observation: JSON.stringify({ results: Array.from({ length: 6 }, (_, r) => ({ id: r, name: `Product ${r} for run ${i}`, price: r * 3.5 })) }),
    isError: k === 5,
    ...(k === 5 && { errorMessage: "Error 422: payment method required" }),
  }));
  return JSON.stringify({
    task: { id: `bench-${i}`, description: `Buy item ${i} with the saved card`, applications: ["shop"] },
    steps,
    outcome: { label: i % 3 ? "success" : "failure", source: "verifier" },
    metadata: { sourceFormat: "debrief", model: "gpt-4.1-mini" },
  });
}

function generate(file: string, megabytes: number): number {
  const fd = fs.openSync(file, "w");
  let bytes = 0;
  for (let i = 0; bytes < megabytes * 1024 * 1024; i++) bytes += fs.writeSync(fd, `${trajectoryLine(i)}\n`);
  fs.closeSync(fd);
  return bytes;
}

function runPhase(phase: string, file: string) {
  const output = execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/bench/import-phase.ts", phase, file], { encoding: "utf8" });
  return JSON.parse(output.trim().split("\n").at(-1)!) as { seconds: number; records: number; maxRssMb: number };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "debrief-bench-"));
try {
  const file = path.join(dir, "trajectories.jsonl");
  const bytes = generate(file, TARGET_MB);
  const mb = bytes / (1024 * 1024);
  console.log(`import: generated ${mb.toFixed(1)} MB of Debrief JSONL`);
  const rows: [string, string][] = [
    ["json-parse-whole", "JSON.parse per line, whole file in memory (baseline)"],
    ["json-parse-stream", "JSON.parse per line, streamed"],
    ["import-parse", "Debrief streaming import: parse + validate + normalize"],
  ];
  const results = rows.map(([phase, label]) => ({ label, ...runPhase(phase, file) }));
  for (const r of results) {
    console.log(`  ${r.label}: ${(mb / r.seconds).toFixed(1)} MB/s (${r.records} trajectories in ${r.seconds.toFixed(2)} s), peak RSS ${r.maxRssMb.toFixed(0)} MB`);
  }
  console.log(`  import vs JSON.parse baseline: ${(results[0]!.seconds / results[2]!.seconds).toFixed(2)}x the speed, ${(results[2]!.maxRssMb / results[0]!.maxRssMb).toFixed(2)}x the peak memory`);

  const slice = path.join(dir, "slice.jsonl");
  const sliceBytes = generate(slice, DB_SLICE_MB);
  const db = runPhase("import-db", slice);
  console.log(`  with database writes (embedded PGlite, ${(sliceBytes / 1048576).toFixed(1)} MB): ${(sliceBytes / 1048576 / db.seconds).toFixed(2)} MB/s, ${(db.records / db.seconds).toFixed(0)} trajectories/s, peak RSS ${db.maxRssMb.toFixed(0)} MB`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
