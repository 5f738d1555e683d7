// Every real file in the samples folder (DEBRIEF_SAMPLES_DIR, default ../shared/samples) is
// recognised as the right format by detection across ALL formats, and parses into trajectories
// with a sensible number of steps — or, for outcome files, into outcomes.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeText } from "@/lib/trajectory/decode";
import { detectFormats } from "@/lib/trajectory/formats/registry";
import { detectOutcomeFile } from "@/lib/trajectory/outcomes/registry";
import { parseDocument } from "@/lib/trajectory/parse";
import { toSourceDocument } from "@/lib/trajectory/sniff";
import { samplesDir } from "../../support/samples";

/**
 * Accepted formats per sample folder (a folder can hold several generations of one tool, e.g. early
 * mini-swe-agent wrote a bare chat array); files matching an outcome pattern are outcome files.
 */
const EXPECTED: Record<string, { formats: string[]; outcomes?: [RegExp, string][] }> = {
  "altk-evolve": { formats: ["openai-chat"] },
  atif: { formats: ["atif"] },
  claude_code: { formats: ["claude-code"] },
  codex_cli: { formats: ["codex-cli"] },
  langfuse: { formats: ["langfuse"] },
  langsmith: { formats: ["langsmith"] },
  mini_swe_agent: { formats: ["mini-swe-agent", "openai-chat"], outcomes: [[/report\.json$/, "swebench-report"]] },
  openai_chat_completions: { formats: ["vcr-cassette"] },
  openai_responses: { formats: ["vcr-cassette"] },
  openhands: { formats: ["openhands"] },
  otel_genai: { formats: ["otel-genai"] },
  react_text: { formats: ["react-text"] },
  swe_agent: { formats: ["swe-agent"] },
  appworld: { formats: ["appworld", "appworld-derived", "appworld-lm-calls"], outcomes: [[/report\.md$/, "appworld-report"], [/evaluations?.*\.json$/, "appworld-evaluation"]] },
};

/** Documentation next to the samples, and side files a folder's SOURCES.md says are not runs (wiki indexes, guidelines). */
const NOT_TRAJECTORIES = /^SOURCES\.md$|^README\.md$|agent-wiki|guideline/;

const dir = samplesDir();
const files = fs.existsSync(dir)
  ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).flatMap((folder) =>
      fs.readdirSync(path.join(dir, folder.name)).filter((name) => !NOT_TRAJECTORIES.test(name)).map((name) => ({ folder: folder.name, name })))
  : [];
const checked: string[] = [];

afterAll(() => {
  console.log(`samples: checked ${checked.length} real files in ${dir}`);
});

describe("real sample files", () => {
  it("the samples folder exists and has files", () => {
    expect(files.length, `no sample files in ${dir} (set DEBRIEF_SAMPLES_DIR)`).toBeGreaterThan(0);
  });

  it.each(files)("$folder/$name", ({ folder, name }) => {
    const decoded = decodeText(fs.readFileSync(path.join(dir, folder, name)));
    expect(decoded.ok).toBe(true);
    const doc = toSourceDocument(name, decoded.ok ? decoded.text : "");
    const expected = EXPECTED[folder];
    const outcomeFormat = expected?.outcomes?.find(([pattern]) => pattern.test(name))?.[1];
    if (outcomeFormat) {
      const outcome = detectOutcomeFile(doc);
      expect(outcome?.parser.id).toBe(outcomeFormat);
      expect(outcome!.parser.parse(doc).outcomes.length).toBeGreaterThan(0);
    } else {
      const detected = detectFormats(doc)[0];
      if (expected) expect(expected.formats, `detected ${detected?.parser.id}`).toContain(detected?.parser.id);
      const parsed = parseDocument(doc);
      expect(parsed.issues.filter((i) => i.severity === "error"), JSON.stringify(parsed.issues.slice(0, 3))).toEqual([]);
      expect(parsed.trajectories.length).toBeGreaterThan(0);
      for (const trajectory of parsed.trajectories) {
        expect(trajectory.task.description.trim().length).toBeGreaterThan(0);
        expect(trajectory.steps.length).toBeGreaterThanOrEqual(1);
      }
    }
    checked.push(`${folder}/${name}`);
  });
});
