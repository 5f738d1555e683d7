// OpenHands trajectories, both generations (FORMATS.md §6.3): the V0 event stream (a JSON array
// export, or eval `output.jsonl` records whose `history` holds it) and V1 SDK events (`kind`
// discriminator; a JSON array or JSON Lines of them). The outcome is only known from an eval
// record's SWE-bench report (`report.resolved`); otherwise it stays unknown.
import type { NormalizedTrajectoryInput, Outcome } from "../schema";
import type { FormatParser, ParseIssue } from "./types";
import { asObj, compact, errorIssue, str, warningIssue, type Obj } from "./agent-log-utils";
import { findEventRuns, isV1, type EventRun } from "./openhands-events";
import { parseV0Events } from "./openhands-v0";
import { parseV1Events } from "./openhands-v1";

export const OPENHANDS_FORMAT_ID = "openhands";

/** An eval record's verdict, when the SWE-bench evaluation was merged into it. */
function evalOutcome(record: Obj | undefined): Outcome | undefined {
  const testResult = asObj(record?.test_result);
  const report = asObj(record?.report) ?? asObj(testResult?.report);
  if (typeof report?.resolved !== "boolean") return undefined;
  return { label: report.resolved ? "success" : "failure", source: "verifier", details: { from: "eval record report.resolved" } };
}

function toTrajectory(run: EventRun, issues: ParseIssue[]): NormalizedTrajectoryInput {
  const v1 = isV1(run.events);
  const parsed = v1 ? parseV1Events(run.events) : parseV0Events(run.events);
  const record = run.record;
  const metadata = asObj(record?.metadata);
  const description = parsed.task ?? str(record?.instruction) ?? "";
  if (!description) issues.push(warningIssue("No user message with the task found.", run.path));
  return {
    task: { id: str(record?.instance_id), description },
    steps: parsed.steps,
    finalAnswer: parsed.finalAnswer,
    outcome: evalOutcome(record) ?? { label: "unknown", source: "none" },
    metadata: {
      sourceFormat: OPENHANDS_FORMAT_ID,
      formatVersion: v1 ? "v1" : "v0",
      agent: { name: "OpenHands" },
      model: parsed.model ?? str(metadata?.model_name) ?? str(asObj(metadata?.llm_config)?.model),
      usage: parsed.usage,
      systemPrompt: parsed.systemPrompt,
      extra: compact({ ...parsed.extra, agentClass: str(metadata?.agent_class), runError: str(record?.error) }),
    },
  };
}

function detectOpenHands(runs: EventRun[]): number {
  const events = runs.flatMap((run) => run.events);
  if (events.length === 0) return 0;
  if (isV1(events)) return events.length > 1 ? 0.9 : 0.6;
  const sourced = events.filter((e) => typeof e.source === "string" && ("action" in e || "observation" in e));
  return sourced.length >= 2 ? 0.95 : sourced.length === 1 ? 0.6 : 0;
}

export const openhandsFormat: FormatParser = {
  id: OPENHANDS_FORMAT_ID,
  label: "OpenHands events",
  detect(doc) {
    try {
      return detectOpenHands(findEventRuns(doc));
    } catch {
      return 0;
    }
  },
  parse(doc) {
    const issues: ParseIssue[] = [];
    const runs = findEventRuns(doc);
    if (runs.length === 0) {
      return { trajectories: [], issues: [errorIssue("Not an OpenHands trajectory: expected a list of events with action/observation (V0) or kind (V1).")] };
    }
    return { trajectories: runs.map((run) => toTrajectory(run, issues)), issues };
  },
};
