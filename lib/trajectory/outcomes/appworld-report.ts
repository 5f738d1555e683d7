// AppWorld per-task test report `tasks/<id>/evaluation/report.md` (Rich console text; FORMATS.md
// §2.2–2.3). Counts are matched by regex on their labels, never on the box-drawing rule lines:
// one public copy was mis-decoded (GBK: "─" became "©¤"), and that must still parse.
import type { Outcome } from "../schema";
import { taskIdFromText } from "../formats/appworld-code";
import type { OutcomeFileParser, ParseIssue } from "../formats/types";

const PASSED = /Num\s+Passed\s+Tests\s*:\s*(\d+)/i;
const FAILED = /Num\s+Failed\s+Tests\s*:\s*(\d+)/i;
const TOTAL = /Num\s+Total\s+Tests\s*:\s*(\d+)/i;
const REQUIREMENT = /^>>\s*(Passed|Failed)\s+Requirement\s*$/;
// A section title between rules, whatever the rules decoded to.
const SECTION_RULE = /^[^A-Za-z0-9]*\b(?:Overall Stats|Passes|Fails)\b[^A-Za-z0-9]*$/;
const TRACE_SEPARATOR = /^-{5,}\s*$/;

interface Requirement {
  requirement: string;
  test?: string;
  trace?: string;
}

export const appworldReportOutcome: OutcomeFileParser = {
  id: "appworld-report",
  label: "AppWorld evaluation/report.md",

  detect(doc) {
    if (doc.json !== undefined || doc.jsonl !== undefined) return 0;
    if (PASSED.test(doc.text) && (FAILED.test(doc.text) || TOTAL.test(doc.text))) return 0.95;
    return /Overall Stats/.test(doc.text) && /^>>\s*(?:Passed|Failed)\s+Requirement/m.test(doc.text) ? 0.5 : 0;
  },

  parse(doc) {
    const issues: ParseIssue[] = [];
    const text = doc.text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
    const passed = count(PASSED, text);
    const failedGiven = count(FAILED, text);
    const totalGiven = count(TOTAL, text);
    if (passed === undefined && failedGiven === undefined && totalGiven === undefined) {
      return { outcomes: [], issues: [{ severity: "error", message: "Not an AppWorld report.md: no \"Num Passed/Failed/Total Tests\" lines." }] };
    }
    const total = totalGiven ?? (passed ?? 0) + (failedGiven ?? 0);
    const failed = failedGiven ?? total - (passed ?? 0);
    const { passes, failures } = readRequirements(text);
    const key = taskIdFromText(doc.fileName) ?? taskIdFromText(text) ?? doc.fileName.replace(/\.[^.]*$/, "");
    if (!taskIdFromText(doc.fileName) && !taskIdFromText(text)) {
      issues.push({ severity: "warning", message: `No AppWorld task id in the file name or contents; keyed by "${key}".` });
    }
    const outcome: Outcome = {
      label: total === 0 ? "unknown" : failed === 0 ? "success" : "failure",
      ...(total > 0 && passed !== undefined ? { score: passed / total } : {}),
      source: total === 0 ? "none" : "verifier",
      details: { passed, failed, total, passes, failures, file: doc.fileName },
    };
    return { outcomes: [{ key, outcome }], issues };
  },
};

function count(pattern: RegExp, text: string): number | undefined {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** `>> Passed Requirement` / `>> Failed Requirement` blocks: requirement text, then (failures) ```python test``` and the trace after "----------". */
function readRequirements(text: string): { passes: Requirement[]; failures: Requirement[] } {
  const passes: Requirement[] = [];
  const failures: Requirement[] = [];
  let current: { kind: string; lines: string[] } | undefined;
  const close = () => {
    if (current) (current.kind === "Passed" ? passes : failures).push(toRequirement(current.lines));
    current = undefined;
  };
  for (const line of text.split("\n")) {
    const header = REQUIREMENT.exec(line.trim());
    if (header) {
      close();
      current = { kind: header[1]!, lines: [] };
    } else if (SECTION_RULE.test(line)) close();
    else current?.lines.push(line);
  }
  close();
  return { passes, failures };
}

function toRequirement(lines: string[]): Requirement {
  const fence = lines.findIndex((l) => /^```python\s*$/.test(l.trim()));
  const separator = lines.findIndex((l) => TRACE_SEPARATOR.test(l));
  const textEnd = [fence, separator].filter((i) => i !== -1).reduce((a, b) => Math.min(a, b), lines.length);
  const requirement = lines.slice(0, textEnd).join("\n").trim();
  const result: Requirement = { requirement };
  if (fence !== -1) {
    const fenceEnd = lines.findIndex((l, i) => i > fence && /^```\s*$/.test(l.trim()));
    const testEnd = fenceEnd !== -1 ? fenceEnd : separator !== -1 ? separator : lines.length;
    result.test = lines.slice(fence + 1, testEnd).join("\n").trim();
  }
  if (separator !== -1) result.trace = lines.slice(separator + 1).join("\n").trim();
  return result;
}
