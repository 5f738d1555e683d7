// AppWorld runs as some third-party repos store them (FORMATS.md §2.3): one JSON object
// `{Instruction, Supervisor, Datetime, Agent, Task: {agent: [...], environment: [...]}}` where
// agent[i] is the code (or text with a ```python fence) of turn i and environment[i] its REPL
// output. Keys are matched case-insensitively; entries may be strings or {content|code|output}.
import { extractCodeAction, unwrapExecutionResult } from "../normalize/code-fences";
import { contentToText } from "../normalize/content";
import { StepListBuilder } from "../normalize/builder";
import type { NormalizedTrajectoryInput } from "../schema";
import { applicationsIn, executionErrorMessage, findCompletion, selfReportedOutcome, taskIdFromText } from "./appworld-code";
import type { FormatParser, SourceDocument } from "./types";

export const APPWORLD_DERIVED_FORMAT_ID = "appworld-derived";

type Json = Record<string, unknown>;

/** Case-insensitive property lookup (derived writers disagree on capitalisation). */
function prop(object: unknown, name: string): unknown {
  if (!object || typeof object !== "object" || Array.isArray(object)) return undefined;
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (object as Json)[key];
}

function turns(doc: SourceDocument): { agent: unknown[]; environment: unknown[] } | undefined {
  const task = prop(doc.json, "task");
  const agent = prop(task, "agent");
  const environment = prop(task, "environment");
  return Array.isArray(agent) && Array.isArray(environment) ? { agent, environment } : undefined;
}

function entryText(entry: unknown): string {
  if (typeof entry === "string") return entry;
  for (const key of ["content", "code", "output", "text", "message"]) {
    const value = prop(entry, key);
    if (value !== undefined) return contentToText(value);
  }
  return contentToText(entry);
}

export const appworldDerivedFormat: FormatParser = {
  id: APPWORLD_DERIVED_FORMAT_ID,
  label: "AppWorld run (derived JSON)",
  detect(doc) {
    if (!turns(doc)) return 0;
    return typeof prop(doc.json, "instruction") === "string" ? 0.92 : 0.6;
  },
  parse(doc) {
    const pair = turns(doc);
    if (!pair) return { trajectories: [], issues: [{ severity: "error", message: "Expected Task.agent[] and Task.environment[] arrays.", path: "$.Task" }] };
    const builder = new StepListBuilder();
    pair.agent.forEach((entry, i) => {
      const text = entryText(entry);
      const action = extractCodeAction(text);
      const output = pair.environment[i] === undefined ? undefined : unwrapExecutionResult(entryText(pair.environment[i]));
      const errorMessage = output === undefined ? undefined : executionErrorMessage(output);
      builder.add({
        kind: "code",
        language: action?.language ?? "python",
        code: action?.code ?? text,
        thought: action?.thought || undefined,
        observation: output,
        isError: errorMessage !== undefined,
        errorMessage,
        raw: { agent: entry, environment: pair.environment[i] },
      });
    });
    const steps = builder.steps;
    const completion = findCompletion(steps);
    const instruction = prop(doc.json, "instruction");
    const supervisor = prop(doc.json, "supervisor");
    const agentName = prop(doc.json, "agent");
    const trajectory: NormalizedTrajectoryInput = {
      task: {
        id: taskIdFromText(doc.fileName) ?? (typeof prop(doc.json, "task_id") === "string" ? (prop(doc.json, "task_id") as string) : undefined),
        description: typeof instruction === "string" && instruction.trim() ? instruction.trim() : `AppWorld task ${taskIdFromText(doc.fileName) ?? doc.fileName}`,
        applications: applicationsIn(steps.flatMap((s) => (s.kind === "code" ? [s.code] : []))),
      },
      steps,
      finalAnswer: completion?.answer,
      outcome: selfReportedOutcome(completion),
      metadata: {
        sourceFormat: APPWORLD_DERIVED_FORMAT_ID,
        agent: typeof agentName === "string" ? { name: agentName } : undefined,
        extra: { supervisor, datetime: prop(doc.json, "datetime"), unpairedEnvironmentTurns: Math.max(0, pair.environment.length - pair.agent.length) },
      },
    };
    const issues = typeof instruction === "string" ? [] : [{ severity: "warning" as const, message: "No Instruction field: the task text is a placeholder." }];
    return { trajectories: [trajectory], issues };
  },
};
