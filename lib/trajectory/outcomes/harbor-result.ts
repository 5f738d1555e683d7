// Harbor `result.json` (FORMATS.md §7): a trial's `verifier_result.rewards` (e.g. {reward: 1.0})
// and `exception_info`, keyed by the task name as found (else the trial name / id). A job-level
// result.json lists trial names per reward value under `stats.evals.*.reward_stats`; each becomes
// a record keyed by trial name. A trial that crashed before verification stays "unknown" — the
// exception is evidence, not a verdict — but as a verifier record it still outranks a self-report.
import type { OutcomeFileParser, OutcomeRecord } from "../formats/types";
import type { Outcome } from "../schema";
import { asArray, asObj, compact, isObj, num, str, type Obj } from "../formats/agent-log-utils";

export const HARBOR_RESULT_ID = "harbor-result";

/** The headline reward: `reward` when present, else the only value, else the mean of all. */
function headlineReward(rewards: Obj): number | undefined {
  const values = Object.values(rewards).map(num).filter((v): v is number => v !== undefined);
  if (num(rewards.reward) !== undefined) return num(rewards.reward);
  if (values.length === 0) return undefined;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function rewardOutcome(reward: number | undefined, details: Record<string, unknown>): Outcome {
  if (reward === undefined) return { label: "unknown", source: "verifier", details };
  // Full reward is success, none is failure; partial credit keeps its score and no label.
  const label = reward >= 1 ? "success" : reward <= 0 ? "failure" : "unknown";
  return { label, score: Math.min(1, Math.max(0, reward)), source: "verifier", details };
}

function trialRecord(json: Obj): OutcomeRecord {
  const rewards = asObj(asObj(json.verifier_result)?.rewards);
  const exception = asObj(json.exception_info);
  const agent = asObj(json.agent_info);
  const details = compact({
    rewards,
    exception: exception ? compact({ type: str(exception.exception_type), message: str(exception.exception_message) }) : undefined,
    trialName: str(json.trial_name),
    taskName: str(json.task_name),
    agent: agent ? compact({ name: str(agent.name), version: str(agent.version), model: str(asObj(agent.model_info)?.name) }) : undefined,
  });
  const key = str(json.task_name) ?? str(json.trial_name) ?? str(json.id) ?? "";
  return { key, outcome: rewardOutcome(rewards ? headlineReward(rewards) : undefined, details) };
}

/** Job result: `stats.evals.<agent__model__dataset>.reward_stats.<reward key>.<value> = [trial names]`. */
function jobRecords(json: Obj): OutcomeRecord[] {
  const records = new Map<string, OutcomeRecord>();
  for (const [evalName, value] of Object.entries(asObj(asObj(json.stats)?.evals) ?? {})) {
    const stats = asObj(value) ?? {};
    for (const [rewardKey, byValue] of Object.entries(asObj(stats.reward_stats) ?? {})) {
      for (const [rewardValue, trials] of Object.entries(asObj(byValue) ?? {})) {
        for (const trial of asArray(trials).filter((t): t is string => typeof t === "string")) {
          if (rewardKey !== "reward" && records.has(trial)) continue;
          records.set(trial, { key: trial, outcome: rewardOutcome(num(rewardValue), { eval: evalName, rewards: { [rewardKey]: num(rewardValue) } }) });
        }
      }
    }
    for (const [type, trials] of Object.entries(asObj(stats.exception_stats) ?? {})) {
      for (const trial of asArray(trials).filter((t): t is string => typeof t === "string")) {
        const known = records.get(trial);
        // A rewarded trial that also raised (an agent timeout before verification) keeps its reward; the exception is evidence.
        if (known) known.outcome.details = { ...known.outcome.details, exception: { type } };
        else records.set(trial, { key: trial, outcome: { label: "unknown", source: "verifier", details: { eval: evalName, exception: { type } } } });
      }
    }
  }
  return [...records.values()];
}

function detect(json: unknown): number {
  if (!isObj(json)) return 0;
  if ("verifier_result" in json && ("trial_name" in json || "task_name" in json || "agent_info" in json)) return 0.95;
  if (isObj(json.exception_info) && ("trial_name" in json || "task_name" in json)) return 0.9;
  const evals = asObj(asObj(json.stats)?.evals);
  if (evals && Object.values(evals).some((e) => isObj(e) && isObj(e.reward_stats))) return 0.85;
  return 0;
}

export const harborResultParser: OutcomeFileParser = {
  id: HARBOR_RESULT_ID,
  label: "Harbor result.json",
  detect: (doc) => detect(doc.json),
  parse(doc) {
    const json = doc.json;
    if (detect(json) === 0 || !isObj(json)) {
      return { outcomes: [], issues: [{ severity: "error", message: "Not a Harbor result.json: expected verifier_result / exception_info with trial_name or task_name." }] };
    }
    if ("verifier_result" in json || "exception_info" in json) {
      const record = trialRecord(json);
      return record.key
        ? { outcomes: [record], issues: [] }
        : { outcomes: [], issues: [{ severity: "error", message: "The result has no task_name, trial_name or id to match a trajectory by." }] };
    }
    return { outcomes: jobRecords(json), issues: [] };
  },
};
