// ReAct step records → normalized steps. `Name[arg]` actions become tool calls (Search[x] →
// {query: x}); `Finish[x]` and "Final Answer:" become the agent's answer message.
import type { StepInput } from "../schema";
import { StepListBuilder } from "../normalize/builder";
import { detectErrorText } from "../normalize/errors";
import { parseArguments } from "../normalize/json-args";
import type { ReactStepRecord } from "./react-text-block";

/** Argument names of the HotpotQA/FEVER Wikipedia tools (ReAct paper); other tools get {input}. */
const ARGUMENT_NAMES: Record<string, string> = { search: "query", lookup: "keyword" };
const BRACKET_ACTION = /^([A-Za-z_][\w .-]{0,60}?)\s*\[([\s\S]*)\]\s*$/;
// Environment answers that mean the action did not work (Wikipedia env of ReAct / Reflexion).
const FAILED_ACTION =
  /^(?:Could not find (?:\[[^\]\n]*\]|that page)[^.\n]*\.?|The last page Searched was not found[^.\n]*\.?|Invalid [Aa]ction\b[^.\n]*\.?|No (?:more )?[Rr]esults\b\.?)/;

export interface ReactSteps {
  steps: StepInput[];
  finalAnswer?: string;
}

export function toReactSteps(records: ReactStepRecord[]): ReactSteps {
  const builder = new StepListBuilder();
  let finalAnswer: string | undefined;
  for (const record of records) {
    const raw = record.lines.join("\n");
    const action = record.action ? parseAction(record.action, record.actionInput) : undefined;
    const failure = record.observation ? observationError(record.observation) : undefined;
    const base = { thought: record.thought, observation: record.observation, isError: failure !== undefined, errorMessage: failure, raw };
    if (action?.finish !== undefined) {
      finalAnswer = action.finish;
      builder.add({ kind: "message", role: "assistant", text: action.finish, ...base });
    } else if (action) {
      builder.add({ kind: "tool_call", name: action.name, arguments: action.arguments, ...base });
    } else if (record.finalAnswer === undefined) {
      // A thought the run never acted on (halted, or cut off): kept so the end of the run is visible.
      builder.add({ kind: "unknown", sourceType: "thought", ...base });
    }
    if (record.finalAnswer !== undefined) {
      finalAnswer = record.finalAnswer;
      builder.add({ kind: "message", role: "assistant", text: record.finalAnswer, thought: action ? undefined : record.thought, raw });
    }
  }
  return { steps: builder.steps, finalAnswer };
}

function parseAction(action: string, input: string | undefined): { name: string; arguments?: unknown; finish?: string } {
  const bracket = input === undefined ? BRACKET_ACTION.exec(action) : null;
  if (bracket) {
    const name = bracket[1]!.trim();
    const arg = bracket[2]!.trim();
    if (/^finish$/i.test(name)) return { name, finish: arg };
    return { name, arguments: { [ARGUMENT_NAMES[name.toLowerCase()] ?? "input"]: arg } };
  }
  const name = action.split("\n")[0]!.trim().replace(/^`|`$/g, "");
  if (input === undefined) return { name };
  const parsed = parseArguments(input.trim());
  if (/^(finish|final answer)$/i.test(name)) return { name, finish: typeof parsed === "string" ? parsed : input.trim() };
  return { name, arguments: parsed !== null && typeof parsed === "object" ? parsed : { input: parsed } };
}

function observationError(observation: string): string | undefined {
  return FAILED_ACTION.exec(observation.trim())?.[0] ?? detectErrorText(observation);
}
