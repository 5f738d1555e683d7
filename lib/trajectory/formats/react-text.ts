// Plain-text ReAct logs (FORMATS.md §10): Reflexion / ReAct paper HotpotQA-style
// `Question: / Thought N: / Action N: Search[x] / Observation N:` and LangChain
// `Thought: / Action: / Action Input: / Observation: / Final Answer:`. One file holds many runs:
// each `Question:` starts one (numbering restarts). Few-shot examples and trial headers are skipped.
//
// Outcome: Reflexion's harness groups agents under BEGIN CORRECT / INCORRECT / HALTED sections
// and prints "Answer is CORRECT|INCORRECT" after Finish, having compared the answer with the
// ground-truth key ("Correct answer: …") — a check against ground truth, hence source "verifier".
import type { NormalizedTrajectoryInput, Outcome } from "../schema";
import type { FormatParser, ParseIssue } from "./types";
import { parseReactBlock, type ReactBlock, type TextLine } from "./react-text-block";
import { toReactSteps } from "./react-text-steps";

const NUMBERED_MARKER = /^(?:Thought|Action|Observation) \d+:/gm;
const SECTION = /^-{3,}\s*BEGIN (CORRECT|INCORRECT|HALTED|RUNTIME ERROR) AGENTS\s*-*\s*$/;
const TRIAL = /^BEGIN TRIAL (\d+)/;
const SEPARATOR = /^(?:#{5,}|Trial summary:)/;
// LangChain verbose chain banners, printed around each run.
const BANNER = /^\s*> (?:Entering new|Finished chain)/;
const QUESTION = /^Question:[^\S\n]?(.*)$/;
// Prompt text that contains example runs: replaced by blank lines (line numbers stay true).
const FEW_SHOT_REGIONS = [/Here are some examples:[\s\S]*?\(END OF EXAMPLES\)/g, /Use the following format:[\s\S]*?^Begin!.*$/gm];
// Reflexion's "last trial" reflection replays a previous attempt: not a run of its own.
const PREVIOUS_TRIAL_END = /^\(END PREVIOUS TRIAL\)/;
// Reflexion reflections; printed before the question in full-prompt logs, after it in summary logs.
const REFLECTIONS_START = /^(?:You have attempted to answer|The following reflection\(s\) give a plan|Reflections?:)/;
const STEP_MARKER = /^(?:Thought|Action|Observation)(?: \d+)?:/;

interface Chunk {
  startLine: number;
  question: string;
  body: TextLine[];
  section?: string;
  trial?: number;
}

export const reactTextFormat: FormatParser = {
  id: "react-text",
  label: "ReAct text log",

  detect(doc) {
    if (doc.json !== undefined || doc.jsonl !== undefined) return 0;
    const head = doc.text.slice(0, 200_000);
    const numbered = head.match(NUMBERED_MARKER)?.length ?? 0;
    const hasQuestion = /^Question:/m.test(head);
    if (numbered >= 3) return hasQuestion ? 0.9 : 0.75;
    const langchain = /^Thought:/m.test(head) && /^Action:/m.test(head) && /^(?:Action Input|Observation):/m.test(head);
    if (langchain) return hasQuestion ? 0.8 : 0.6;
    return 0;
  },

  parse(doc) {
    const issues: ParseIssue[] = [];
    const chunks = splitChunks(doc.text);
    const trajectories: NormalizedTrajectoryInput[] = [];
    for (const chunk of chunks) {
      const block = parseReactBlock(chunk.question, chunk.body);
      if (block.steps.length === 0) {
        issues.push({ severity: "warning", message: "A question without any Thought/Action/Observation lines was skipped.", line: chunk.startLine });
        continue;
      }
      trajectories.push(toTrajectory(block, chunk, trajectories.length + 1));
    }
    if (trajectories.length === 0) issues.push({ severity: "error", message: "No ReAct runs found (no Question: followed by Thought/Action/Observation lines)." });
    return { trajectories, issues };
  },
};

function splitChunks(text: string): Chunk[] {
  const cleaned = FEW_SHOT_REGIONS.reduce((t, region) => t.replace(region, (m) => m.replace(/[^\n]/g, "")), text.replace(/\r\n?/g, "\n"));
  const lines = cleaned.split("\n");
  const chunks: Chunk[] = [];
  let section: string | undefined;
  let trial: number | undefined;
  let current: Chunk | undefined;
  let prelude: TextLine[] | undefined;
  const close = () => {
    if (current) chunks.push(current);
    current = undefined;
  };
  lines.forEach((line, i) => {
    const n = i + 1;
    const sectionMatch = SECTION.exec(line);
    const trialMatch = TRIAL.exec(line);
    const question = QUESTION.exec(line);
    if (BANNER.test(line)) return;
    if (sectionMatch || trialMatch || SEPARATOR.test(line)) {
      close();
      prelude = undefined;
      if (sectionMatch) section = sectionMatch[1];
      if (trialMatch) [trial, section] = [Number(trialMatch[1]), undefined];
    } else if (PREVIOUS_TRIAL_END.test(line)) {
      current = undefined; // the replayed attempt is dropped, not imported twice
    } else if (REFLECTIONS_START.test(line) && !(current && !current.body.some((l) => STEP_MARKER.test(l.text)))) {
      close();
      prelude = [{ n, text: line }];
    } else if (question) {
      close();
      current = { startLine: n, question: question[1] ?? "", body: prelude ?? [], section, trial };
      prelude = undefined;
    } else if (prelude) {
      prelude.push({ n, text: line });
    } else if (current) {
      current.body.push({ n, text: line });
    } else if (chunks.length === 0 && /^(?:Thought|Action)(?: 1)?:/.test(line)) {
      // A log without "Question:" lines is one run whose question is unknown.
      current = { startLine: n, question: "", body: [{ n, text: line }], section, trial };
    }
  });
  close();
  return chunks;
}

function toTrajectory(block: ReactBlock, chunk: Chunk, ordinal: number): NormalizedTrajectoryInput {
  const { steps, finalAnswer } = toReactSteps(block.steps);
  const extra: Record<string, unknown> = { questionNumber: ordinal, line: chunk.startLine };
  if (chunk.trial !== undefined) extra.trial = chunk.trial;
  if (block.reflections.length > 0) extra.reflections = block.reflections;
  return {
    task: { description: block.question || "(question not found in the log)" },
    steps,
    finalAnswer,
    outcome: outcomeOf(block, chunk.section, finalAnswer),
    metadata: { sourceFormat: "react-text", extra },
  };
}

function outcomeOf(block: ReactBlock, section: string | undefined, finalAnswer: string | undefined): Outcome {
  const verdictLine = block.steps.map((s) => s.observation ?? "").find((o) => /^Answer is (?:CORRECT|INCORRECT)\b/.test(o));
  const verdict = verdictLine?.startsWith("Answer is CORRECT") ? "correct" : verdictLine ? "incorrect" : undefined;
  const details: Record<string, unknown> = {};
  if (section) details.section = section;
  if (verdictLine) details.verdict = verdictLine;
  if (block.expectedAnswer !== undefined) details.expectedAnswer = block.expectedAnswer;
  if (finalAnswer !== undefined) details.predictedAnswer = finalAnswer;
  // The harness's grouping is authoritative; the inline verdict is the fallback.
  const label = section === "CORRECT" ? "success" : section ? "failure" : verdict === "correct" ? "success" : verdict ? "failure" : "unknown";
  if (section === "HALTED") details.halted = true;
  // Without a verdict, the predicted answer alone is no evidence; the key is.
  if (label === "unknown") return block.expectedAnswer === undefined ? { label, source: "none" } : { label, source: "none", details };
  return { label, score: label === "success" ? 1 : 0, source: "verifier", details };
}
