// ATIF — Agent Trajectory Interchange Format, v1.4–v1.7 (Harbor / Terminal-Bench; FORMATS.md §7),
// including non-conformant "ATIF-like" writers (`schema_version: "1.4"`, `agent.model`). The
// verifier's verdict lives outside the file (Harbor's result.json); a producer's own verdict in
// `extra` (`verdict`, `success`) is kept as a self_report, which outcome merging ranks below a verifier.
import { contentToText } from "../normalize/content";
import type { Outcome, TokenUsage } from "../schema";
import type { FormatParser, ParseIssue, SourceDocument } from "./types";
import { asArray, asObj, compact, errorIssue, extractTaskText, isObj, num, str, warningIssue, type Obj } from "./agent-log-utils";
import { atifStepTokens, mapAtifSteps } from "./atif-steps";

export const ATIF_FORMAT_ID = "atif";

const SUCCESS_WORDS = /^(?:pass(?:ed)?|success(?:ful)?|succeeded|resolved|true|ok|correct)$/i;
const FAILURE_WORDS = /^(?:fail(?:ed|ure)?|error(?:ed)?|unresolved|false|incorrect|timeout)$/i;

/** The trajectory object: the JSON document, or a JSON Lines variant (header line with schema_version, then one step per line). */
function rootOf(doc: SourceDocument): unknown {
  if (!doc.jsonl) return doc.json;
  const [header, ...lines] = doc.jsonl.map((l) => l.value);
  if (!isObj(header) || !str(header.schema_version) || Array.isArray(header.steps)) return undefined;
  return { ...header, steps: lines.filter((l) => isObj(l) && typeof l.source === "string") };
}

// Without a user step, an event-log writer may still name the task in a "task selected" event.
const TASK_EVENT = /^task_(?:selected|start(?:ed)?|assigned)$/;
const TASK_LABEL = /^(?:selected task|task):\s*/i;

function fallbackTask(steps: Obj[]): { text: string; id?: string } {
  const texts = steps.map((s) => ({ text: contentToText(s.message).trim(), extra: asObj(s.extra) })).filter((s) => s.text);
  const named = texts.find((s) => TASK_EVENT.test(str(s.extra?.event_type) ?? "") || TASK_LABEL.test(s.text));
  return { text: (named?.text ?? texts[0]?.text ?? "").replace(TASK_LABEL, ""), id: str(named?.extra?.task_id) };
}

function detectAtif(json: unknown): number {
  if (!isObj(json) || !Array.isArray(json.steps)) return 0;
  const version = str(json.schema_version) ?? "";
  if (/^ATIF-v\d/i.test(version)) return 0.98;
  const first = asObj(json.steps[0]);
  const stepShaped = !!first && typeof first.source === "string" && ("step_id" in first || "message" in first);
  if (stepShaped && (/^v?1\.\d+/.test(version) || isObj(json.agent))) return 0.8;
  return 0;
}

/** A producer's claim about its own run: `verdict: "PASS"` or `success: true` in an `extra`. */
function selfReport(places: [string, unknown][]): Outcome | undefined {
  for (const [where, value] of places) {
    const extra = asObj(value);
    if (!extra) continue;
    const verdict = extra.verdict ?? extra.success ?? extra.resolved;
    const word = typeof verdict === "boolean" ? String(verdict) : str(verdict);
    if (!word) continue;
    const label = SUCCESS_WORDS.test(word) ? "success" : FAILURE_WORDS.test(word) ? "failure" : "unknown";
    return { label, source: "self_report", details: { claim: verdict, from: where } };
  }
  return undefined;
}

/** `extra.task` is a task name in some writers ("regex-log") and a description in others: only a single word is an id. */
function taskName(value: unknown): string | undefined {
  const name = str(value);
  return name && /^[\w.:/-]+$/.test(name) ? name : undefined;
}

function runUsage(finalMetrics: Obj | undefined, steps: Obj[]): TokenUsage | undefined {
  if (finalMetrics) {
    const usage = compact({
      inputTokens: num(finalMetrics.total_prompt_tokens),
      outputTokens: num(finalMetrics.total_completion_tokens),
      cachedTokens: num(finalMetrics.total_cached_tokens),
      costUsd: num(finalMetrics.total_cost_usd),
    });
    if (Object.keys(usage).length > 0) return usage;
  }
  // No totals: add up the steps' own metrics.
  const perStep = steps.map((s) => atifStepTokens(s.metrics)).filter((u): u is TokenUsage => !!u);
  if (perStep.length === 0) return undefined;
  const total: Record<string, number> = {};
  for (const usage of perStep) for (const [key, value] of Object.entries(usage)) total[key] = (total[key] ?? 0) + (value ?? 0);
  return total as TokenUsage;
}

export const atifFormat: FormatParser = {
  id: ATIF_FORMAT_ID,
  label: "ATIF (Harbor trajectory)",
  detect: (doc) => detectAtif(rootOf(doc)),
  parse(doc) {
    const issues: ParseIssue[] = [];
    const root = rootOf(doc);
    if (!isObj(root) || detectAtif(root) === 0) {
      return { trajectories: [], issues: [errorIssue("Not an ATIF trajectory: expected a JSON object with schema_version \"ATIF-v1.x\" and steps[].")] };
    }
    const agent = asObj(root.agent) ?? {};
    const finalMetrics = asObj(root.final_metrics);
    const rawSteps = asArray(root.steps).filter(isObj);
    const mapped = mapAtifSteps(rawSteps);
    const extra = asObj(root.extra);
    let prompt = mapped.task;
    let eventTaskId: string | undefined;
    if (prompt === undefined) {
      const fallback = fallbackTask(rawSteps);
      prompt = fallback.text;
      eventTaskId = fallback.id;
      issues.push(warningIssue("No user step: the task is taken from a task event or the first step with a message.", "$.steps"));
    }
    const task = extractTaskText(prompt);
    const lastExtra = rawSteps.at(-1)?.extra;
    return {
      issues,
      trajectories: [{
        task: { id: str(extra?.task_id) ?? str(extra?.instance_id) ?? str(extra?.task_name) ?? taskName(extra?.task) ?? eventTaskId, description: task.text },
        steps: mapped.steps,
        finalAnswer: mapped.finalAnswer,
        outcome: selfReport([["final_metrics.extra", finalMetrics?.extra], ["extra", extra], ["last step extra", lastExtra]]) ?? { label: "unknown", source: "none" },
        metadata: {
          sourceFormat: ATIF_FORMAT_ID,
          formatVersion: str(root.schema_version),
          agent: compact({ name: str(agent.name), version: str(agent.version) }),
          model: str(agent.model_name) ?? str(agent.model) ?? mapped.steps.find((s) => s.model)?.model,
          sourceId: str(root.session_id) ?? str(root.trajectory_id),
          startedAt: str(rawSteps[0]?.timestamp),
          endedAt: str(rawSteps.at(-1)?.timestamp),
          usage: runUsage(finalMetrics, rawSteps),
          systemPrompt: mapped.systemPrompt,
          extra: compact({
            trajectoryId: str(root.trajectory_id),
            notes: str(root.notes),
            copiedContextSteps: mapped.copiedContextSteps || undefined,
            subagentRefs: mapped.subagentRefs.length > 0 ? mapped.subagentRefs : undefined,
            continuedTrajectoryRef: root.continued_trajectory_ref ?? undefined,
            agentExtra: asObj(agent.extra),
            producerExtra: extra,
            finalMetricsExtra: asObj(finalMetrics?.extra),
            taskPrompt: task.extracted ? prompt : undefined,
          }),
        },
      }],
    };
  },
};
