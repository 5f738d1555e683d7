// Stage 1 of the paper's extractor, keyword edition: tag each thought as analytical / planning /
// validation / reflection, and find self-corrections (a reflection right after an error). The
// LLM stage recognizes the same patterns without keywords; these tags are hints, not verdicts.
import type { Step } from "../trajectory/schema";
import type { SelfCorrection, ThoughtTags } from "./schema";

type Tag = ThoughtTags["tags"][number];

const RULES: [Tag, RegExp][] = [
  ["analytical", /\b(?:because|since|means|so the|therefore|this (?:indicates|suggests|shows)|seems|appears to|looks like|the (?:issue|problem|cause|error) is)\b/i],
  ["planning", /\b(?:first|then|next|plan|i will|i'll|i need to|i should|going to|let's|let me|now i|step \d)\b/i],
  ["validation", /\b(?:(?:let me|let's|i(?:'ll| will| need to| should)) (?:check|verify|confirm|ensure|make sure|double[- ]check|validate|test)|verify|confirm|double[- ]check|make sure)\b/i],
  [
    "reflection",
    /\b(?:i was wrong|mistake|failed|instead|try again|didn'?t work|did not work|oh no|should have|was incorrect|let(?: me|'s) fix|need to correct|my (?:previous|last) (?:attempt|edit|command|response)|(?:did not|didn'?t) use)\b/i,
  ],
];

/** A reflection within this many steps after an error is read as the agent reacting to it. */
const REACTION_WINDOW = 2;

export function tagThoughts(steps: Step[]): ThoughtTags[] {
  const tagged: ThoughtTags[] = [];
  for (const step of steps) {
    if (!step.thought?.trim()) continue;
    const tags = RULES.filter(([, pattern]) => pattern.test(step.thought!)).map(([tag]) => tag);
    if (tags.length > 0) tagged.push({ step: step.index, tags });
  }
  return tagged;
}

export function findSelfCorrections(thoughts: ThoughtTags[], errorSteps: number[]): SelfCorrection[] {
  const corrections: SelfCorrection[] = [];
  for (const { step, tags } of thoughts) {
    if (!tags.includes("reflection")) continue;
    const errorStep = errorSteps.filter((e) => e < step && step - e <= REACTION_WINDOW).at(-1);
    if (errorStep !== undefined) corrections.push({ errorStep, reflectionStep: step });
  }
  return corrections;
}
