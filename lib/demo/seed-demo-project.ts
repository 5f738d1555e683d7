// The demo project a newcomer sees on first start: example trajectories written for Debrief
// (prisma/demo: several formats, with errors and recoveries) plus, when present, the real public
// samples in DEBRIEF_SAMPLES_DIR, each annotated with its source and licence (from SOURCES.md).
import fs from "node:fs";
import path from "node:path";
import { getDb } from "../db/client";
import { env } from "../env";
import type { ImportFile } from "../import/expand-archives";
import { importFiles } from "../import/import-files";
import { readImportPaths } from "../import/read-paths";
import type { ImportReport } from "../import/report";

export const DEMO_PROJECT_SLUG = "demo";
const DEMO_DIR = path.resolve(process.cwd(), "prisma", "demo");

/** Creates and fills the demo project once; later starts leave it alone (returns null). */
export async function seedDemoProjectOnce(): Promise<ImportReport | null> {
  const db = getDb();
  if (await db.project.findUnique({ where: { slug: DEMO_PROJECT_SLUG } })) return null;
  const project = await db.project.create({
    data: { slug: DEMO_PROJECT_SLUG, name: "Demo", description: "Example trajectories and real public samples to explore Debrief." },
  });
  const examples = readImportPaths([DEMO_DIR]).files.map((file) => ({ ...file, name: `examples/${path.basename(file.name)}` }));
  const samples = readSamples(path.resolve(process.cwd(), env.DEBRIEF_SAMPLES_DIR));
  const attributions = new Map(samples.map((sample) => [sample.file.name, sample.attribution]));
  return importFiles([...examples, ...samples.map((sample) => sample.file)], {
    projectId: project.id,
    annotate: (fileName) => {
      const attribution = attributions.get(fileName);
      return attribution ? { sample: attribution } : { example: "Written for Debrief's demo project." };
    },
  });
}

interface Sample {
  file: ImportFile;
  attribution: { folder: string; licences: string[]; sources: string };
}

function readSamples(samplesDir: string): Sample[] {
  if (!fs.existsSync(samplesDir)) return [];
  return fs
    .readdirSync(samplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => {
      const dir = path.join(samplesDir, folder.name);
      const sources = fs.existsSync(path.join(dir, "SOURCES.md")) ? fs.readFileSync(path.join(dir, "SOURCES.md"), "utf8") : "";
      const attribution = { folder: folder.name, licences: licencesIn(sources), sources: sources.slice(0, 8000) };
      return fs
        .readdirSync(dir)
        .filter((name) => name !== "SOURCES.md" && !name.startsWith("."))
        .sort()
        .map((name) => ({ file: { name: `samples/${folder.name}/${name}`, bytes: new Uint8Array(fs.readFileSync(path.join(dir, name))) }, attribution }));
    });
}

/** "License: MIT" / "**Repository license:** Apache License 2.0 (…)" lines → distinct licence names. */
function licencesIn(sources: string): string[] {
  const found = new Set<string>();
  for (const match of sources.matchAll(/licen[cs]e:?\**:?\s*([^\n(]+)/gi)) {
    const name = match[1]!.replace(/[*`]/g, "").trim().replace(/\.$/, "");
    if (name) found.add(name);
  }
  return [...found];
}
