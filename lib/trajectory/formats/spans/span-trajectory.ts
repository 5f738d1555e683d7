// Assembles one trajectory from one trace's spans: steps (span-steps.ts), the task from the root /
// agent input (else the first LLM request's user turn), the final answer from the root output
// (else the last assistant message), usage summed over LLM calls only — an agent or root span's
// aggregate would double count (FORMATS.md §4.3) — and metadata.
import { scrubSecrets } from "../../normalize/scrub-secrets";
import { addTokenUsage } from "../../normalize/token-usage";
import { safeStringify } from "../../normalize/content";
import type { NormalizedTrajectoryInput, Outcome, StepInput, TokenUsage } from "../../schema";
import type { ParseIssue } from "../types";
import type { SpanNode } from "./span-node";
import { stepsFromSpans } from "./span-steps";
import { answerTextFrom, taskTextFrom } from "./text-of";
import { cleanUsage, decodeDeep, toIso } from "./values";

export interface SpanTraceInput {
  sourceFormat: string;
  traceId?: string;
  nodes: SpanNode[];
  /** Trace-level input / output kept outside the spans (Langfuse trace.input / trace.output). */
  traceInput?: unknown;
  traceOutput?: unknown;
  /** Used only when nothing else gives an answer (any-agent's document-level final_output). */
  fallbackOutput?: unknown;
  outcome?: Outcome;
  agent?: { name?: string; version?: string };
  extra?: Record<string, unknown>;
  /** JSON path of the trace in the file, for issues. */
  path?: string;
}

export function spanTrajectory(input: SpanTraceInput): { trajectory: NormalizedTrajectoryInput; issues: ParseIssue[] } {
  const issues: ParseIssue[] = [];
  const where = input.path ? { path: input.path } : {};
  const agents = input.nodes.filter((node) => node.role === "agent").sort((a, b) => (a.startMs ?? 0) - (b.startMs ?? 0));
  const explicitTask = [input.traceInput, ...rootsFirst(input.nodes, agents).map((node) => node.input)].map(taskTextFrom).find(Boolean);
  const { steps, llmSpans, firstRequest, droppedDuplicates, tree } = stepsFromSpans(input.nodes, explicitTask);
  const root = tree.roots[0];

  let task = explicitTask ?? firstRequest?.taskDescription;
  if (!task && root && root.role !== "tool" && root.input !== undefined && root.input !== null) task = safeStringify(decodeDeep(root.input)) || undefined;
  if (!task) issues.push({ severity: "warning", message: "No task found in the trace's root input or first LLM request; task description left empty.", ...where });
  if (steps.length === 0) issues.push({ severity: "warning", message: "The trace has no LLM or tool spans to turn into steps.", ...where });

  const finalAnswer =
    [input.traceOutput, ...rootsFirst(input.nodes, agents).map((node) => node.output)].map(answerTextFrom).find(Boolean) ??
    lastAssistantText(steps) ??
    answerTextFrom(input.fallbackOutput) ??
    finalAnswerTool(steps);

  const usage = cleanUsage(llmSpans.reduce<TokenUsage | undefined>((sum, node) => addTokenUsage(sum, cleanUsage(node.usage)), undefined));
  const starts = input.nodes.map((node) => node.startMs).filter((ms): ms is number => ms !== undefined);
  const ends = input.nodes.map((node) => node.endMs ?? node.startMs).filter((ms): ms is number => ms !== undefined);
  const agentName = agents.find((node) => node.agentName)?.agentName ?? input.agent?.name;
  const extra: Record<string, unknown> = {
    spanCount: input.nodes.length,
    ...(droppedDuplicates > 0 ? { duplicateLlmSpansSkipped: droppedDuplicates } : {}),
    ...(firstRequest?.extra ?? {}),
    ...input.extra,
  };

  const trajectory: NormalizedTrajectoryInput = {
    task: { description: task ?? "" },
    steps,
    ...(finalAnswer ? { finalAnswer } : {}),
    outcome: input.outcome ?? { label: "unknown", source: "none" },
    metadata: {
      sourceFormat: input.sourceFormat,
      ...(agentName || input.agent?.version ? { agent: { ...(agentName ? { name: agentName } : {}), ...(input.agent?.version ? { version: input.agent.version } : {}) } } : {}),
      ...defined({
        model: mostCommonModel(llmSpans),
        sourceId: input.traceId || undefined,
        startedAt: starts.length > 0 ? toIso(Math.min(...starts)) : undefined,
        endedAt: ends.length > 0 ? toIso(Math.max(...ends)) : undefined,
        usage,
        systemPrompt: firstRequest?.systemPrompt,
      }),
      extra,
    },
  };
  return { trajectory: scrubSecrets(trajectory), issues };
}

/** Candidates for the run's input/output: the earliest root, then agent spans outermost first. */
function rootsFirst(nodes: SpanNode[], agents: SpanNode[]): SpanNode[] {
  const ids = new Set(nodes.map((node) => node.id));
  // A lone tool span's arguments are not the run's task.
  const roots = nodes.filter((node) => node.role !== "tool" && (node.parentId === undefined || !ids.has(node.parentId))).sort((a, b) => (a.startMs ?? 0) - (b.startMs ?? 0) || a.order - b.order);
  return [...roots.slice(0, 1), ...agents.filter((node) => node !== roots[0])];
}

function lastAssistantText(steps: StepInput[]): string | undefined {
  const last = steps.at(-1);
  return last?.kind === "message" && last.role === "assistant" ? last.text : undefined;
}

/** Agents that answer through a final-answer tool (smolagents `final_answer`, pydantic-ai `final_result`). */
function finalAnswerTool(steps: StepInput[]): string | undefined {
  const last = steps.at(-1);
  if (last?.kind !== "tool_call" || !/^final[_-]?(answer|result)$/i.test(last.name)) return undefined;
  return last.observation || answerTextFrom(last.arguments);
}

function mostCommonModel(spans: SpanNode[]): string | undefined {
  const counts = new Map<string, number>();
  for (const span of spans) if (span.model) counts.set(span.model, (counts.get(span.model) ?? 0) + 1);
  let best: string | undefined;
  for (const [model, count] of counts) if (best === undefined || count > (counts.get(best) ?? 0)) best = model;
  return best;
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
