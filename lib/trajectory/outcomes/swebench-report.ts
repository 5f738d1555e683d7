// SWE-bench evaluation reports (FORMATS.md §6.2): the harness's per-instance `report.json`
// `{<instance_id>: {resolved, tests_status: {FAIL_TO_PASS: {success, failure}, PASS_TO_PASS: …}}}`
// and the run-level summaries (harness / sb-cli) with `resolved_ids` / `unresolved_ids`. These are
// the benchmark's verdicts, so the source is "verifier"; the score is the FAIL_TO_PASS pass ratio.
import type { OutcomeFileParser, OutcomeRecord, ParseIssue } from "../formats/types";
import type { Outcome } from "../schema";
import { asArray, asObj, fileStem, isObj, type Obj } from "../formats/agent-log-utils";

export const SWEBENCH_REPORT_ID = "swebench-report";

const isInstanceReport = (value: unknown) => isObj(value) && (typeof value.resolved === "boolean" || isObj(value.tests_status));

// Run summaries list instance ids per status; each status is a verdict except the not-evaluated ones.
const ID_LISTS: [key: string, label: Outcome["label"], status: string][] = [
  ["resolved_ids", "success", "resolved"],
  ["unresolved_ids", "failure", "unresolved"],
  ["empty_patch_ids", "failure", "empty_patch"],
  ["error_ids", "failure", "error"],
];

const strings = (value: unknown) => asArray(value).filter((v): v is string => typeof v === "string");

function perInstance(id: string, report: Obj): OutcomeRecord {
  const tests = asObj(report.tests_status) ?? {};
  const f2p = asObj(tests.FAIL_TO_PASS);
  const p2p = asObj(tests.PASS_TO_PASS);
  const f2pPassed = strings(f2p?.success).length;
  const f2pTotal = f2pPassed + strings(f2p?.failure).length;
  // No tests_status means no tests ran (e.g. the patch did not apply): the patch flags tell why.
  const details: Record<string, unknown> = !isObj(report.tests_status) ? {} : {
    failingTests: { FAIL_TO_PASS: strings(f2p?.failure), PASS_TO_PASS: strings(p2p?.failure) },
    testCounts: {
      FAIL_TO_PASS: { passed: f2pPassed, failed: f2pTotal - f2pPassed },
      PASS_TO_PASS: { passed: strings(p2p?.success).length, failed: strings(p2p?.failure).length },
    },
  };
  for (const key of ["patch_is_None", "patch_exists", "patch_successfully_applied"]) if (key in report) details[key] = report[key];
  const outcome: Outcome = {
    label: report.resolved === true ? "success" : report.resolved === false ? "failure" : "unknown",
    source: "verifier",
    details,
  };
  if (f2pTotal > 0) outcome.score = f2pPassed / f2pTotal;
  return { key: id, outcome };
}

/** A single report written without its `{<instance_id>: …}` wrapper (seen in the wild): the file names the instance. */
const isBareReport = (json: Obj) => isInstanceReport(json) && ("patch_exists" in json || "patch_successfully_applied" in json || isObj(json.tests_status));

/** `django__django-16255.report.json` → the stem; `logs/<instance_id>/report.json` → the folder. */
function instanceFromFileName(fileName: string): string {
  const stem = fileStem(fileName);
  const folder = fileName.split(/[\\/]/).slice(-2, -1)[0];
  return /^(?:report|results?)$/i.test(stem) && folder ? folder : stem;
}

function detect(json: unknown): number {
  if (!isObj(json)) return 0;
  if (Array.isArray(json.resolved_ids) && (Array.isArray(json.unresolved_ids) || "total_instances" in json || Array.isArray(json.completed_ids))) return 0.95;
  if (isBareReport(json)) return 0.9;
  const values = Object.values(json);
  return values.length > 0 && values.every(isInstanceReport) ? 0.95 : 0;
}

export const swebenchReportParser: OutcomeFileParser = {
  id: SWEBENCH_REPORT_ID,
  label: "SWE-bench evaluation report",
  detect: (doc) => detect(doc.json),
  parse(doc) {
    const issues: ParseIssue[] = [];
    const json = doc.json;
    if (detect(json) === 0 || !isObj(json)) {
      return { outcomes: [], issues: [{ severity: "error", message: "Not a SWE-bench report: expected {<instance_id>: {resolved, tests_status}} or {resolved_ids, unresolved_ids}." }] };
    }
    if (Array.isArray(json.resolved_ids)) {
      const outcomes: OutcomeRecord[] = [];
      const seen = new Set<string>();
      for (const [key, label, status] of ID_LISTS) {
        for (const id of strings(json[key])) {
          if (seen.has(id)) continue; // an id in two lists: the first (resolved) wins
          seen.add(id);
          outcomes.push({ key: id, outcome: { label, source: "verifier", details: { status } } }); // no per-test data, so no score
        }
      }
      return { outcomes, issues };
    }
    if (isBareReport(json)) {
      const id = instanceFromFileName(doc.fileName);
      if (/^(?:report|results?)$/i.test(id)) issues.push({ severity: "warning", message: `The report does not name its instance; matching by the file name "${id}".` });
      return { outcomes: [perInstance(id, json)], issues };
    }
    return { outcomes: Object.entries(json).map(([id, report]) => perInstance(id, report as Obj)), issues };
  },
};
