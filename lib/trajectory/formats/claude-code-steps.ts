// Turns the active thread of a Claude Code session into steps. Lines are content blocks, not
// messages: text/thinking blocks are buffered and become the thought of the next tool_use (or an
// assistant message step when the response ends without a call); tool_result blocks attach to
// their call by tool_use_id.
import type { StepInput } from "../schema";
import { StepListBuilder } from "../normalize/builder";
import { contentToText } from "../normalize/content";
import { detectErrorText, errorFromExitCode } from "../normalize/errors";
import { asRecord, asString, contentBlocks, messageId, type CcLine } from "./claude-code-thread";

/** What the thread said besides its steps: the task, the abort signals, the commands run. */
export interface ClaudeThread {
  task?: string;
  steps: StepInput[];
  finalAnswer?: string;
  models: string[];
  interruptions: number;
  rejectedToolUses: number;
  localCommands: string[];
  compactSummaries: number;
}

// Lines Claude Code injects around slash commands and shell escapes: not the user's task.
const COMMAND_TEXT =
  /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr|user-prompt-submit-hook|system-reminder|ide_opened_file|ide_selection|ide_diagnostics)>/;
const COMMAND_NAME = /<command-name>([^<]*)<\/command-name>/;
const INTERRUPT = /^\s*\[Request interrupted by user/;
const REJECTION = /^\s*The user doesn't want to (proceed with this tool use|take this action)/;
const COMPACT_SUMMARY = /^This session is being continued from a previous conversation/;

interface Pending {
  thinking: string[];
  text: string[];
  raw: unknown[];
  responseId?: string;
  timestamp?: string;
  model?: string;
}

export function buildClaudeThread(thread: CcLine[]): ClaudeThread {
  const out: ClaudeThread = { steps: [], models: [], interruptions: 0, rejectedToolUses: 0, localCommands: [], compactSummaries: 0 };
  const builder = new StepListBuilder();
  let pending: Pending = { thinking: [], text: [], raw: [] };

  const flush = (atEnd: boolean) => {
    const thought = pending.thinking.join("\n\n") || undefined;
    const text = pending.text.join("\n\n");
    const base = { timestamp: pending.timestamp, model: pending.model, raw: pending.raw };
    if (text) builder.add({ kind: "message", role: "assistant", text, thought, ...base });
    // A response that only thought (then got interrupted) is kept, not silently dropped.
    else if (thought && atEnd) builder.add({ kind: "unknown", sourceType: "thinking", thought, ...base });
    if (text || atEnd) pending = { thinking: [], text: [], raw: [] };
  };

  let afterCommand = false;
  for (const line of thread) {
    if (line.value.type === "assistant") {
      const id = messageId(line);
      if (pending.responseId && id !== pending.responseId && pending.text.length > 0) flush(false);
      pending = readAssistantLine(line, pending, builder, out);
      afterCommand = false;
    } else if (line.value.isMeta === true) {
      // A custom slash command is logged as the command line plus a meta line with its expanded prompt: that prompt is the request.
      const text = contentBlocks(line).map((b) => contentToText(b).trim()).filter((t) => t && !COMMAND_TEXT.test(t)).join("\n\n");
      if (afterCommand && out.task === undefined && text) out.task = text;
    } else {
      afterCommand = readUserLine(line, builder, out, () => flush(true));
    }
  }
  flush(true);
  out.steps = builder.steps;
  const lastReply = out.steps.findLast((s) => s.kind === "message" && s.role === "assistant");
  out.finalAnswer = lastReply?.kind === "message" ? lastReply.text : undefined;
  return out;
}

function readAssistantLine(line: CcLine, pending: Pending, builder: StepListBuilder, out: ClaudeThread): Pending {
  const message = asRecord(line.value.message) ?? {};
  const model = asString(message.model);
  if (model && model !== "<synthetic>" && !out.models.includes(model)) out.models.push(model);
  const timestamp = asString(line.value.timestamp);
  const next: Pending = { ...pending, responseId: messageId(line), model: model ?? pending.model };
  for (const block of contentBlocks(line)) {
    next.timestamp ??= timestamp;
    if (block.type === "thinking" || block.type === "redacted_thinking") {
      const thinking = asString(block.thinking)?.trim();
      if (thinking) next.thinking.push(thinking);
    } else if (block.type === "text") {
      const text = contentToText(block).trim();
      if (text) next.text.push(text);
    } else if (block.type === "tool_use") {
      const thought = [...next.thinking, ...next.text].join("\n\n") || undefined;
      builder.add({
        kind: "tool_call",
        name: asString(block.name) ?? "tool",
        arguments: block.input,
        callId: asString(block.id),
        thought,
        timestamp,
        model,
        // The blocks that became the thought travel with the call, so nothing of the response is lost.
        raw: next.raw.length > 0 ? [...next.raw, block] : block,
      });
      next.thinking = [];
      next.text = [];
      next.raw = [];
      next.timestamp = undefined;
      continue;
    } else {
      builder.add({ kind: "unknown", sourceType: String(block.type), timestamp, raw: block });
      continue;
    }
    next.raw = [...next.raw, block];
  }
  return next;
}

/** Reads a user line; returns true when it was a slash-command line. */
function readUserLine(line: CcLine, builder: StepListBuilder, out: ClaudeThread, flush: () => void): boolean {
  const timestamp = asString(line.value.timestamp);
  const blocks = contentBlocks(line);
  const results = blocks.filter((block) => block.type === "tool_result");
  for (const block of results) readToolResult(line, block, builder, out);
  const texts: string[] = [];
  let isCommand = false;
  for (const block of blocks) {
    const text = block.type === "tool_result" ? "" : contentToText(block).trim();
    if (!text) continue;
    if (!COMMAND_TEXT.test(text)) texts.push(text);
    const command = COMMAND_NAME.exec(text)?.[1];
    if (command) out.localCommands.push(command);
    isCommand ||= command !== undefined;
  }
  // One prompt per line: a pasted image and its caption belong together.
  const text = texts.join("\n\n");
  if (!text) return isCommand;
  const lastResult = asString(results.at(-1)?.tool_use_id);
  // Text next to tool results ("Tool loaded.", image notes) is harness output, not a prompt.
  if (!INTERRUPT.test(text) && lastResult && builder.attachObservation(lastResult, text, { isError: false })) return false;
  flush();
  if (INTERRUPT.test(text)) {
    out.interruptions++;
    builder.add({ kind: "message", role: "user", text, isError: true, errorMessage: "Interrupted by the user", timestamp, raw: line.value.message });
  } else if (line.value.isCompactSummary === true || COMPACT_SUMMARY.test(text)) {
    // The history before this point was replaced by this summary in the model's context.
    out.compactSummaries++;
    builder.add({ kind: "message", role: "system", text, timestamp, raw: line.value.message });
  } else if (out.task === undefined) {
    out.task = text;
  } else {
    builder.add({ kind: "message", role: "user", text, timestamp, raw: line.value.message });
  }
  return isCommand;
}

function readToolResult(line: CcLine, block: Record<string, unknown>, builder: StepListBuilder, out: ClaudeThread): void {
  const toolUseResult = line.value.toolUseResult;
  let text = contentToText(block.content);
  const structured = asRecord(toolUseResult);
  if (!text && structured) text = [structured.stdout, structured.stderr].filter((s) => typeof s === "string" && s).join("\n");
  const rejected = REJECTION.test(text) || toolUseResult === "User rejected tool use";
  if (rejected) out.rejectedToolUses++;
  const isError = block.is_error === true || rejected;
  const options = {
    isError,
    errorMessage: rejected ? "Tool use rejected by the user" : isError ? failureMessage(text) : undefined,
    raw: toolUseResult === undefined ? block : { ...block, toolUseResult },
    timestamp: asString(line.value.timestamp),
  };
  if (!builder.attachObservation(asString(block.tool_use_id), text, options)) {
    builder.add({ kind: "message", role: "tool", text, isError, errorMessage: options.errorMessage, timestamp: options.timestamp, raw: options.raw });
  }
}

/** Bash failures read "Exit code N\n<output>": the code and the output's last line say more than the first line. */
function failureMessage(text: string): string | undefined {
  const exit = /^Exit code (-?\d+)\n?([\s\S]*)$/.exec(text);
  if (exit) return errorFromExitCode(Number(exit[1]), exit[2]!.replace(/^[^\S\n]+/gm, "")).errorMessage;
  return detectErrorText(text) ?? (text.split("\n")[0]?.slice(0, 500) || undefined);
}
