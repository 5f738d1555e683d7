// Walks a span tree and turns it into steps: each LLM call's response becomes step(s) (thought =
// its text, one step per tool call), each tool span becomes the observation of the call it
// executed — by call id, else the pending call with the same name (equal arguments first, then the
// most recent LLM turn's first pending call) — and failed spans become error steps.
import type { ConversationSteps } from "../../normalize/chat-messages";
import { StepListBuilder, setObservation } from "../../normalize/builder";
import type { ResultInput } from "../../normalize/conversation-accumulator";
import { parseArguments } from "../../normalize/json-args";
import type { StepInput, TokenUsage } from "../../schema";
import { normalizeConversation, requestConversation, requestTail, responseSteps } from "./llm-exchange";
import { buildTree, nestedDuplicateLlms, type SpanNode, type SpanTree } from "./span-node";
import { readToolResult } from "./text-of";
import { cleanUsage, decodeDeep, isRecord, stableStringify, toIso } from "./values";

export interface SpanSteps {
  tree: SpanTree;
  steps: StepInput[];
  /** LLM spans read (nested duplicate wrappers excluded). */
  llmSpans: SpanNode[];
  /** The first LLM call's request: task, system prompt, and how the conversation started. */
  firstRequest?: ConversationSteps;
  droppedDuplicates: number;
}

const normalizeText = (text: string) => text.replace(/\s+/g, " ").trim();

export function stepsFromSpans(nodes: SpanNode[], taskHint?: string): SpanSteps {
  const tree = buildTree(nodes);
  const dropped = nestedDuplicateLlms(tree);
  const builder = new StepListBuilder();
  const turnOf = new Map<StepInput, number>(); // which LLM call produced a tool_call step
  const answered = new Set<StepInput>(); // calls a tool span or tool result already answered
  const seenUserTexts = new Set<string>(taskHint ? [normalizeText(taskHint)] : []);
  const llmSpans: SpanNode[] = [];
  let firstRequest: ConversationSteps | undefined;
  let turn = 0;

  const add = (step: StepInput): StepInput => {
    const { index: _index, ...rest } = step;
    return builder.add(rest as Parameters<StepListBuilder["add"]>[0]);
  };

  const attachResult = (result: ResultInput) => {
    const target = result.callId ? builder.findByCallId(result.callId) : undefined;
    if (!target || answered.has(target)) return;
    answered.add(target);
    setObservation(target, result.text, { isError: result.isError, errorMessage: result.errorMessage, raw: result.raw });
  };

  const addUserText = (text: string, raw: unknown) => {
    const key = normalizeText(text);
    if (!key || seenUserTexts.has(key)) return;
    seenUserTexts.add(key);
    add({ index: 0, kind: "message", role: "user", text, raw });
  };

  const readLlm = (node: SpanNode) => {
    llmSpans.push(node);
    const request = requestConversation(node.input, node.systemPrompt);
    if (!firstRequest) {
      firstRequest = request ? normalizeConversation(request, true) : { steps: [] };
      if (firstRequest.taskDescription && taskHint && normalizeText(firstRequest.taskDescription) !== normalizeText(taskHint)) {
        addUserText(firstRequest.taskDescription, undefined); // the run's task came from elsewhere; keep this turn visible
      }
      if (firstRequest.taskDescription) seenUserTexts.add(normalizeText(firstRequest.taskDescription));
      for (const step of firstRequest.steps) {
        if (step.kind === "message" && step.role === "user") addUserText(step.text, step.raw);
        else {
          const added = add(step);
          if (added.kind === "tool_call" && added.observation !== undefined) answered.add(added);
        }
      }
    } else {
      const tail = requestTail(request);
      for (const result of tail.results) attachResult(result);
      for (const text of tail.userTexts) addUserText(text, undefined);
    }
    turn++;
    const response = responseSteps(node.output, node.toolCalls);
    const produced = (response?.steps ?? []).map((step, i) => {
      const added = add({
        ...step,
        model: step.model ?? node.model,
        timestamp: step.timestamp ?? toIso(node.startMs),
        ...(i === 0 ? spanTiming(node) : {}),
        raw: i === 0 ? { spanId: node.id, span: node.name, output: node.output } : step.raw,
      });
      if (added.kind === "tool_call") turnOf.set(added, turn);
      if (added.kind === "tool_call" && added.observation !== undefined) answered.add(added);
      return added;
    });
    if (produced.length === 0) {
      // No readable response (content capture off, or the call failed): keep the call as a step.
      produced.push(add({ index: 0, kind: "unknown", sourceType: node.name, model: node.model, timestamp: toIso(node.startMs), ...spanTiming(node), raw: node.raw }));
    }
    if (node.isError) {
      const last = produced.at(-1) as StepInput;
      last.isError = true;
      last.errorMessage = node.errorMessage ?? last.errorMessage ?? "LLM call failed";
    }
  };

  const readTool = (node: SpanNode) => {
    const tool = node.tool ?? {};
    const name = tool.name ?? node.name;
    const result = readToolResult(tool.result);
    const callId = tool.callId ?? result.callId;
    const isError = node.isError || tool.isError === true || result.isError === true ? true : undefined;
    const errorMessage = isError ? (node.errorMessage ?? (result.text ? result.text.split("\n")[0]?.slice(0, 500) : undefined)) : undefined;
    const target = findCall(builder.steps, { callId, name, args: tool.args }, answered, turnOf);
    if (target) {
      answered.add(target);
      if (result.text !== undefined || isError) {
        setObservation(target, result.text ?? errorMessage ?? "", { isError, errorMessage, raw: node.raw, timestamp: toIso(node.startMs) });
      }
      return;
    }
    // A tool run no recorded LLM output asked for (output not captured, or a framework-driven tool).
    const step = add({
      index: 0, kind: "tool_call", name, arguments: parseArguments(decodeDeep(tool.args) ?? tool.args), callId,
      timestamp: toIso(node.startMs), ...spanTiming(node), raw: node.raw,
    });
    answered.add(step);
    if (result.text !== undefined || isError) setObservation(step, result.text ?? errorMessage ?? "", { isError, errorMessage });
  };

  const readFailedContainer = (node: SpanNode) => {
    const message = node.errorMessage ?? `${node.name} failed`;
    // An exception usually propagates up through every enclosing span: report it once.
    if (builder.steps.some((step) => step.errorMessage === message || (step.isError && step.observation?.includes(message)))) return;
    add({ index: 0, kind: "unknown", sourceType: node.name, isError: true, errorMessage: message, timestamp: toIso(node.endMs ?? node.startMs), raw: node.raw });
  };

  const walk = (node: SpanNode) => {
    if (node.role === "llm" && !dropped.has(node.id)) readLlm(node);
    else if (node.role === "tool") readTool(node);
    for (const child of tree.children.get(node.id) ?? []) walk(child);
    if ((node.role === "agent" || node.role === "other") && node.isError) readFailedContainer(node);
  };
  for (const root of tree.roots) walk(root);

  // Index and kind first: the order a reader scans a step in.
  const steps = builder.steps.map(({ index, kind, ...rest }) => ({ index, kind, ...rest }) as StepInput);
  return { tree, steps, llmSpans, firstRequest, droppedDuplicates: dropped.size };
}

function spanTiming(node: SpanNode): { durationMs?: number; tokens?: TokenUsage } {
  const duration = node.startMs !== undefined && node.endMs !== undefined ? node.endMs - node.startMs : undefined;
  return {
    ...(duration !== undefined && duration >= 0 ? { durationMs: Math.round(duration * 1000) / 1000 } : {}),
    ...(cleanUsage(node.usage) ? { tokens: cleanUsage(node.usage) } : {}),
  };
}

/** Argument values a tool span may record: the arguments themselves or wrapped ({input}, {kwargs}…). */
function argumentForms(args: unknown): string[] {
  const decoded = parseArguments(decodeDeep(args) ?? args);
  const forms = [decoded];
  if (isRecord(decoded)) for (const key of ["input", "inputs", "arguments", "args", "kwargs"]) if (decoded[key] !== undefined) forms.push(parseArguments(decoded[key]));
  return forms.map(stableStringify);
}

function findCall(
  steps: StepInput[],
  want: { callId?: string; name: string; args: unknown },
  answered: Set<StepInput>,
  turnOf: Map<StepInput, number>,
): StepInput | undefined {
  const calls = steps.filter((step): step is Extract<StepInput, { kind: "tool_call" }> => step.kind === "tool_call");
  if (want.callId) {
    const byId = calls.find((step) => step.callId === want.callId);
    if (byId) return byId;
  }
  const sameName = (step: Extract<StepInput, { kind: "tool_call" }>) => step.name === want.name || step.name.toLowerCase() === want.name.toLowerCase();
  // Calls with a different id belong to another tool run; id-less calls can match by name.
  const pending = calls.filter((step) => !answered.has(step) && sameName(step) && (!want.callId || !step.callId));
  if (pending.length === 0) return undefined;
  if (want.args !== undefined && want.args !== null) {
    const forms = new Set(argumentForms(want.args));
    const equal = pending.find((step) => forms.has(stableStringify(parseArguments(step.arguments))));
    if (equal) return equal;
  }
  const latestTurn = Math.max(...pending.map((step) => turnOf.get(step) ?? -1));
  return pending.find((step) => (turnOf.get(step) ?? -1) === latestTurn);
}
