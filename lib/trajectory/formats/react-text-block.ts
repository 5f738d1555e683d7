// One question of a ReAct text log → step records. Markers are only trusted at the start of a
// line; text up to the next marker continues the current field (multi-line Wikipedia
// observations). An "Observation N:" line before step N has an action is the model writing the
// environment's part (hallucinated), so it stays inside the thought.

/** A line of the log with its 1-based line number. */
export interface TextLine {
  n: number;
  text: string;
}

export interface ReactStepRecord {
  number?: number;
  thought?: string;
  action?: string;
  actionInput?: string;
  observation?: string;
  finalAnswer?: string;
  lines: string[];
  line: number;
}

export interface ReactBlock {
  question: string;
  reflections: string[];
  steps: ReactStepRecord[];
  /** "Correct answer: …" printed by the harness (the ground-truth key). */
  expectedAnswer?: string;
}

type Field = "question" | "reflections" | "thought" | "action" | "actionInput" | "observation" | "finalAnswer" | "expected";

const MARKER = /^(Thought|Action Input|Action|Observation|Final Answer|Correct answer|Reflections?)(?:\s+(\d+))?\s*:[^\S\n]?(.*)$/;
// Reflexion appends this header (and a "Reflections:" list) to the question of a retried trial.
const REFLECTION_HEADER = /\s*You have attempted to answer (?:the )?following question before and failed\.[\s\S]*$/;

export function parseReactBlock(question: string, body: TextLine[]): ReactBlock {
  const block: ReactBlock = { question, reflections: [], steps: [] };
  let field: Field = "question";
  let step: ReactStepRecord | undefined;
  const append = (text: string) => {
    if (field === "question") block.question += `\n${text}`;
    else if (field === "reflections") addReflection(block, text);
    else if (field === "expected") block.expectedAnswer = `${block.expectedAnswer ?? ""}\n${text}`;
    else if (step) step[field] = step[field] === undefined ? text : `${step[field]}\n${text}`;
    if (step && field !== "expected" && field !== "reflections") step.lines.push(text);
  };
  const stepFor = (number: number | undefined, startsWith: "thought" | "action", n: number): ReactStepRecord => {
    const reuse = step && (number === undefined ? isOpenFor(step, startsWith) : step.number === number);
    if (reuse && step) return step;
    step = { number, lines: [], line: n };
    block.steps.push(step);
    return step;
  };

  for (const { n, text } of trimTrailingPreamble(body)) {
    const match = MARKER.exec(text);
    if (!match) {
      append(text);
      continue;
    }
    const [, label = "", numberText, rest = ""] = match;
    const number = numberText === undefined ? undefined : Number(numberText);
    if (label === "Observation" && !(step?.action !== undefined && (number === undefined || step.number === number))) {
      append(text); // hallucinated observation inside a thought: keep it as text
      continue;
    }
    if (label.startsWith("Reflection")) field = "reflections";
    else if (label === "Correct answer") {
      field = "expected";
      block.expectedAnswer = rest.trim();
      continue;
    } else if (label === "Thought") {
      step = stepFor(number, "thought", n);
      field = "thought";
    } else if (label === "Action") {
      step = stepFor(number, "action", n);
      field = "action";
    } else if (label === "Final Answer") {
      step ??= stepFor(number, "action", n);
      field = "finalAnswer";
    } else field = label === "Action Input" ? "actionInput" : "observation";
    if (field === "reflections") {
      if (rest.trim()) addReflection(block, rest);
      continue;
    }
    if (step) {
      step.lines.push(text);
      step[field as "thought"] = step[field as "thought"] === undefined ? rest : `${step[field as "thought"]}\n${rest}`;
    }
  }
  block.question = block.question.replace(REFLECTION_HEADER, "").trim();
  block.expectedAnswer = block.expectedAnswer?.trim();
  for (const s of block.steps) trimFields(s);
  return block;
}

function isOpenFor(step: ReactStepRecord, startsWith: "thought" | "action"): boolean {
  if (step.observation !== undefined || step.finalAnswer !== undefined) return false;
  return startsWith === "thought" ? step.thought === undefined && step.action === undefined : step.action === undefined;
}

function addReflection(block: ReactBlock, text: string): void {
  const item = text.replace(/^\s*-\s*/, "").trim();
  if (!item) return;
  if (/^\s*-/.test(text) || block.reflections.length === 0) block.reflections.push(item);
  else block.reflections[block.reflections.length - 1] += `\n${item}`;
}

/**
 * Text after the block's last marker that follows a blank line is the next agent's prompt
 * preamble (instructions printed before its "Question:"), not part of the last observation.
 */
function trimTrailingPreamble(body: TextLine[]): TextLine[] {
  let lastMarker = -1;
  body.forEach((line, i) => {
    if (MARKER.test(line.text)) lastMarker = i;
  });
  const blank = body.findIndex((line, i) => i > lastMarker && line.text.trim() === "");
  return blank === -1 ? body : body.slice(0, blank);
}

function trimFields(step: ReactStepRecord): void {
  for (const key of ["thought", "action", "actionInput", "observation", "finalAnswer"] as const) {
    const value = step[key]?.trim();
    step[key] = value === "" ? undefined : value;
  }
}
