// Real public trajectories live in ../shared/samples (never copied into the repository).
// DEBRIEF_SAMPLES_DIR points elsewhere; tests read the files in place.
import fs from "node:fs";
import path from "node:path";
import { toSourceDocument } from "../../lib/trajectory/sniff";
import type { SourceDocument } from "../../lib/trajectory/formats/types";

const ROOT = path.resolve(import.meta.dirname, "../..");

export function samplesDir(): string {
  return path.resolve(ROOT, process.env.DEBRIEF_SAMPLES_DIR ?? "../shared/samples");
}

/** Sample files of one format folder (SOURCES.md excluded), as absolute paths. */
export function listSamples(folder: string): string[] {
  const dir = path.join(samplesDir(), folder);
  return fs
    .readdirSync(dir)
    .filter((name) => name !== "SOURCES.md")
    .map((name) => path.join(dir, name));
}

/** A sample file (path relative to the samples dir) as the pipeline would see it. */
export function sampleDocument(relativePath: string): SourceDocument {
  const file = path.join(samplesDir(), relativePath);
  return toSourceDocument(path.basename(file), fs.readFileSync(file, "utf8"));
}

/** A repository fixture under test/fixtures/trajectories as a SourceDocument. */
export function fixtureDocument(relativePath: string): SourceDocument {
  const file = path.join(ROOT, "test/fixtures/trajectories", relativePath);
  return toSourceDocument(path.basename(file), fs.readFileSync(file, "utf8"));
}
