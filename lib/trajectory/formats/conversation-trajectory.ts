// Wraps a normalized conversation into a trajectory, shared by the chat-log formats (openai-chat,
// openai-responses, vcr-cassette): task, metadata, secrets scrubbed, and an outcome that stays
// unknown unless the file itself carries a label (FORMATS.md §0: self-reports are marked as such).
import type { ConversationSteps } from "../normalize/chat-messages";
import { scrubSecrets } from "../normalize/scrub-secrets";
import { OUTCOME_LABELS, OUTCOME_SOURCES, type NormalizedTrajectoryInput, type Outcome, type TokenUsage } from "../schema";
import type { ParseIssue } from "./types";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

export interface TrajectoryContext {
  sourceFormat: string;
  taskId?: string;
  sourceId?: string;
  model?: string;
  usage?: TokenUsage;
  outcome?: Outcome;
  extra?: Record<string, unknown>;
}

export function conversationTrajectory(
  conversation: ConversationSteps,
  context: TrajectoryContext,
  where: Pick<ParseIssue, "line" | "path"> = {},
): { trajectory: NormalizedTrajectoryInput; issues: ParseIssue[] } {
  const issues: ParseIssue[] = [];
  if (!conversation.taskDescription) issues.push({ severity: "warning", message: "No user message states the task; task description left empty.", ...where });
  const extra = { ...conversation.extra, ...context.extra };
  const trajectory: NormalizedTrajectoryInput = {
    task: { description: conversation.taskDescription ?? "", ...(context.taskId ? { id: context.taskId } : {}) },
    steps: conversation.steps,
    ...(conversation.finalAnswer !== undefined ? { finalAnswer: conversation.finalAnswer } : {}),
    outcome: context.outcome ?? { label: "unknown", source: "none" },
    metadata: {
      sourceFormat: context.sourceFormat,
      ...defined({
        model: context.model ?? conversation.model,
        usage: context.usage ?? conversation.usage,
        sourceId: context.sourceId,
        systemPrompt: conversation.systemPrompt,
      }),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    },
  };
  return { trajectory: scrubSecrets(trajectory), issues };
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/**
 * An outcome the record states about itself: an `outcome {label, source}` object or `label`
 * keeps its label; `success` / `reward` are the agent harness's own claim (self_report) unless a
 * verifier result accompanies them. Looks at the record and its `metadata`.
 */
export function outcomeFromRecord(record: unknown): Outcome | undefined {
  if (!isObj(record)) return undefined;
  for (const scope of [record, record.metadata]) {
    if (!isObj(scope)) continue;
    const explicit = scope.outcome;
    if (isObj(explicit) && OUTCOME_LABELS.includes(explicit.label as never)) {
      const source = OUTCOME_SOURCES.includes(explicit.source as never) ? (explicit.source as Outcome["source"]) : "label";
      return { label: explicit.label as Outcome["label"], source, ...(typeof explicit.score === "number" ? { score: explicit.score } : {}) };
    }
    if (scope.label === "success" || scope.label === "failure") return { label: scope.label, source: "label" };
    const source = scope.verifier !== undefined || scope.verifier_result !== undefined ? "verifier" : "self_report";
    if (typeof scope.success === "boolean") return { label: scope.success ? "success" : "failure", source };
    const reward = typeof scope.reward === "number" ? scope.reward : undefined;
    if (reward !== undefined && Number.isFinite(reward)) {
      const label = reward >= 1 ? "success" : reward <= 0 ? "failure" : "unknown";
      return { label, score: reward, source };
    }
  }
  return undefined;
}
