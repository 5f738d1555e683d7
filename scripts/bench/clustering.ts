// Clustering of subtask descriptions (issue 5): time and peak memory of the path clusterVectors
// chooses at 1 000 / 10 000 / 100 000 descriptions embedded by the local embedder, next to the
// exact O(n²) path where its pair matrix fits. Figures only; nothing fails on time.
//
// Each measurement runs in a child process (this file again, with --clustering-child), so its
// peak resident memory (getrusage maxRSS) belongs to that one run and not to whatever the bench
// did before. The parent embeds once and hands the vectors over in a file.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { clusterVectors, type VectorCluster } from "../../lib/consolidation/cluster/cluster";
import { exactHac } from "../../lib/consolidation/cluster/hac-exact";
import { sparseHac } from "../../lib/consolidation/cluster/hac-sparse";
import { LINKAGES } from "../../lib/consolidation/cluster/linkage";
import { similarityMatrixBytes } from "../../lib/consolidation/cluster/similarity-matrix";
import { createLocalEmbeddings, LOCAL_EMBEDDING_DIMENSION } from "../../lib/embeddings/local-embeddings";

const CHILD_FLAG = "--clustering-child";
const SIZES = [1_000, 10_000, 100_000];
/** The exact path runs when its worst-case pair matrix (all n rows) stays below this. */
const EXACT_MEMORY_LIMIT = 2 * 1024 ** 3;
const MB = 1024 * 1024;

type Mode = "chosen" | "exact" | "sparse";

interface Measurement {
  method: string;
  ms: number;
  /** CPU time (user + system): the wall time on a shared machine says less. */
  cpuMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
  clusters: number;
  multiMember: number;
  largest: number;
  stats?: Record<string, number | string>;
}

async function runBench() {
  const workDir = mkdtempSync(path.join(tmpdir(), "debrief-bench-clustering-"));
  try {
    // The blank line separates this from the previous benchmark in `npm run bench`.
    console.log("\nclustering (average linkage, threshold 0.85, local embedder 256-d; peak = child process maxRSS):");
    for (const size of SIZES) {
      const texts = subtaskDescriptions(size);
      let start = performance.now();
      const vectors = await createLocalEmbeddings().embed(texts);
      const embedMs = performance.now() - start;
      const file = path.join(workDir, `vectors-${size}.f32`);
      writeFileSync(file, packVectors(vectors));
      console.log(`  ${format(size)} descriptions (${new Set(texts).size} distinct), embedded in ${(embedMs / 1000).toFixed(1)} s:`);

      const chosen = measure("chosen", file, size);
      console.log(`    chosen (${chosen.method}): ${describe(chosen)}`);
      if (chosen.stats) console.log(`      ${describeStats(chosen.stats)}`);
      if (chosen.method !== "sparse") {
        const sparse = measure("sparse", file, size);
        console.log(`    sparse: ${describe(sparse)}`);
      }
      if (chosen.method !== "exact") {
        const worstCase = similarityMatrixBytes(size);
        if (worstCase <= EXACT_MEMORY_LIMIT) {
          const exact = measure("exact", file, size);
          console.log(`    exact O(n²): ${describe(exact)}`);
          console.log(`      (the pair matrix holds only vectors with some partner ≥ τ; all ${format(size)} would need ${format(Math.round(worstCase / MB))} MB)`);
        } else {
          console.log(
            `    exact O(n²): skipped — its pair matrix would need up to ${format(Math.round(worstCase / MB))} MB ` +
              `(n² × 8 bytes) and ${(size * (size - 1) / 2).toExponential(1)} dot products`,
          );
        }
      }
      if (size === SIZES[0]) {
        start = performance.now();
        const verdicts = LINKAGES.map((linkage) => {
          const same = sameClusters(exactHac({ vectors, linkage }), sparseHac({ vectors, linkage }).clusters);
          return `${linkage} ${same ? "yes" : "NO"}`;
        });
        console.log(`    sparse == exact (identical clusters, spreads, medoids): ${verdicts.join(", ")} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function measure(mode: Mode, file: string, size: number): Measurement {
  const script = fileURLToPath(import.meta.url);
  const output = execFileSync(process.execPath, [...process.execArgv, "--expose-gc", script, CHILD_FLAG, mode, file, String(size)], {
    encoding: "utf8",
    maxBuffer: 16 * MB,
  });
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Measurement;
}

async function runChild() {
  const [mode, file, sizeText] = process.argv.slice(process.argv.indexOf(CHILD_FLAG) + 1);
  const size = Number(sizeText);
  const bytes = readFileSync(file as string);
  const data = new Float32Array(bytes.buffer, bytes.byteOffset, size * LOCAL_EMBEDDING_DIMENSION);
  const vectors = Array.from({ length: size }, (_, i) => data.subarray(i * LOCAL_EMBEDDING_DIMENSION, (i + 1) * LOCAL_EMBEDDING_DIMENSION));
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  let method: string = mode as string;
  let clusters: VectorCluster[];
  let stats: Measurement["stats"];
  if (mode === "exact") {
    clusters = exactHac({ vectors });
  } else if (mode === "sparse") {
    const result = sparseHac({ vectors });
    clusters = result.clusters;
    stats = { ...result.stats };
  } else {
    const result = clusterVectors({ vectors });
    clusters = result.clusters;
    method = result.method;
    if (result.stats) stats = { ...result.stats };
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  const peak = process.resourceUsage().maxRSS * 1024;
  const sizes = clusters.map((cluster) => cluster.members.length);
  const measurement: Measurement = {
    method,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBeforeMb: rssBefore / MB,
    peakRssMb: peak / MB,
    clusters: clusters.length,
    multiMember: sizes.filter((n) => n > 1).length,
    largest: Math.max(0, ...sizes),
    stats,
  };
  console.log(JSON.stringify(measurement));
}

function describe(m: Measurement): string {
  const duration = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
  return (
    `${duration(m.ms)} (CPU ${duration(m.cpuMs)}), peak RSS ${m.peakRssMb.toFixed(0)} MB (+${Math.max(0, m.peakRssMb - m.rssBeforeMb).toFixed(0)} MB over ` +
    `${m.rssBeforeMb.toFixed(0)} MB with the vectors loaded); ${format(m.clusters)} clusters, ${format(m.multiMember)} with 2+ members, largest ${m.largest}`
  );
}

function describeStats(stats: Record<string, number | string>): string {
  const n = (key: string) => format(Number(stats[key]));
  return (
    `candidate scan: ${n("pairsConsidered")} pairs, ${n("pairsCompared")} needed the full dot product; ${n("edges")} edges ≥ τ; ` +
    `${n("components")} components (largest ${n("largestComponent")}), ${n("componentsByMatrix")} by pair matrix, ${n("componentsByGraph")} by graph HAC; ` +
    `${n("truncatedPoints")} vectors had more than k neighbours ≥ τ (their components scanned again); ` +
    `${Number(stats.inexactComponents) === 0 ? "every component solved exactly" : `${n("inexactComponents")} components approximate`}`
  );
}

function sameClusters(a: readonly VectorCluster[], b: readonly VectorCluster[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function packVectors(vectors: readonly number[][]): Float32Array {
  const packed = new Float32Array(vectors.length * LOCAL_EMBEDDING_DIMENSION);
  vectors.forEach((vector, i) => packed.set(vector, i * LOCAL_EMBEDDING_DIMENSION));
  return packed;
}

function format(value: number): string {
  return value.toLocaleString("en-US").replace(/,/g, " ");
}

// Generalized subtask descriptions as the generalization stage writes them: a verb (with the
// synonyms agents use for it), an object, an application, sometimes a qualifier. Seeded, so every
// run clusters the same text.
const VERB_GROUPS = [
  ["get", "fetch", "retrieve", "obtain"],
  ["log in to", "sign in to", "authenticate with"],
  ["update", "modify", "change"],
  ["remove", "delete", "clear"],
  ["search for", "find", "look up"],
  ["buy", "purchase"],
  ["schedule", "set up", "arrange"],
  ["send", "share", "forward"],
  ["download", "export", "save"],
  ["list", "show", "display"],
];
const OBJECTS = [
  "account password", "login credentials", "payment methods", "shipping address", "latest invoice", "playlist songs",
  "liked songs", "friend requests", "unread emails", "pending payment requests", "calendar events", "shopping cart items",
  "order history", "phone contacts", "notes", "todo tasks", "file attachments", "profile details", "subscription plan",
  "recurring alarm", "transaction history", "bank balance", "product reviews", "saved addresses", "gift cards",
  "message threads", "album list", "followers", "blocked users", "notification settings",
];
const MODIFIERS = ["", "", "the user's", "all", "the first", "the most recent", "every", "the archived", "the shared", "the default"];
const APPS = ["spotify", "venmo", "amazon", "gmail", "phone", "todoist", "file system", "splitwise", "simple note", "supervisor"];
const QUALIFIERS = ["", "", "", "using the supervisor api", "with pagination", "page by page", "before the deadline", "for the given user", "from the api", "sorted by date"];

function subtaskDescriptions(count: number): string[] {
  let state = 20_260_105;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, () =>
    [pick(pick(VERB_GROUPS)), pick(MODIFIERS), pick(OBJECTS), "in", pick(APPS), pick(QUALIFIERS)].filter(Boolean).join(" "),
  );
}

// Last, so every constant above is initialized before either mode runs.
if (process.argv.includes(CHILD_FLAG)) await runChild();
else await runBench();
