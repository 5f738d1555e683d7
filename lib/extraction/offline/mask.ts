// Snippets of untrusted trajectory text that go into tips (error messages, changed lines) are
// sanitized here: task-specific values become placeholders (a tip must transfer to other tasks,
// SPEC §2.2), instruction-like sentences are dropped (prompt-injection, SPEC §4), length is capped.
import type { NormalizedTrajectory } from "../../trajectory/schema";

export interface MaskContext {
  /** Literal values to replace, longest first, with their placeholder. */
  values: [string, string][];
}

const MIN_VALUE_CHARS = 3;
const SHORT_SENTENCE = 25;
const INSTRUCTION = /\b(?:please|ignore|you (?:must|should|need to)|make sure|do not|don't|stop|wait for|check the|try again|retry|instead)\b/i;
const PATTERNS: [RegExp, string][] = [
  [/\bhttps?:\/\/\S+/gi, "<url>"],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "<email>"],
  [/(?:^|(?<=[\s'"(=:]))(?:~|[A-Za-z]:)?(?:[\\/][\w.@-]+){2,}[\\/]?/g, "<path>"],
  // Relative file paths (src/app/index.ts): which file is task-specific, that it is a path is not.
  [/(?<![\w<])[\w.-]+(?:\/[\w.-]+)+\.\w{1,8}\b/g, "<path>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>"],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, "<id>"],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?\b/g, "<date>"],
  [/[$€£]\s?\d[\d,]*(?:\.\d+)?/g, "<amount>"],
  [/\b\d{4,}(?:\.\d+)?\b/g, "<n>"],
];

/**
 * Values to mask: the failing call's literal arguments (an error echoing them is about *this*
 * task, even when the value is an app name) plus quoted strings and proper names from the task
 * description, except the app and tool names in `knownNames`.
 */
export function buildMaskContext(trajectory: NormalizedTrajectory, args: Record<string, string>, knownNames: string[]): MaskContext {
  const keep = new Set([...knownNames, ...trajectory.task.applications].map((n) => n.toLowerCase()));
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(args)) {
    const trimmed = value.trim();
    if (trimmed.length >= MIN_VALUE_CHARS && !/^(?:true|false|none|null)$/i.test(trimmed)) {
      values.set(trimmed, `<${name.replace(/[^\w]/g, "") || "value"}>`);
    }
  }
  const task = trajectory.task.description;
  const add = (value: string, placeholder: string) => {
    if (!values.has(value) && !keep.has(value.toLowerCase())) values.set(value, placeholder);
  };
  for (const match of task.matchAll(/"([^"\n]{3,60})"|'([^'\n]{3,60})'/g)) add(match[1] ?? match[2]!, "<value>");
  // Capitalized words that do not start a sentence are names (people, places, products).
  for (const match of task.matchAll(/(?<=[a-z,;:]\s+)[A-Z][a-z]{2,}\b/g)) add(match[0], "<name>");
  return { values: [...values].sort(([a], [b]) => b.length - a.length) };
}

/** A short, masked, single-line quote of an untrusted message: its first sentence(s) only. */
export function maskSnippet(text: string, context: MaskContext, maxChars: number): string {
  return maskText(firstSentences(singleLine(text)), context, maxChars);
}

/** Untrusted text with task values masked, on one line, capped. */
export function maskText(text: string, context: MaskContext, maxChars: number): string {
  let result = singleLine(text);
  for (const [value, placeholder] of context.values) result = replaceWhole(result, value, placeholder);
  for (const [pattern, placeholder] of PATTERNS) result = result.replace(pattern, placeholder);
  // Tips quote snippets in double quotes and render as Markdown: keep neither inside.
  result = result.replace(/"/g, "'").replace(/`/g, "'");
  return clip(result, maxChars);
}

/** The first sentence (two if the first is very short), without instruction-like sentences. */
function firstSentences(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/);
  const kept = [sentences[0]!];
  if (kept[0]!.length < SHORT_SENTENCE && sentences[1] && !INSTRUCTION.test(sentences[1])) kept.push(sentences[1]);
  return kept.join(" ");
}

const singleLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();

function replaceWhole(text: string, value: string, placeholder: string): string {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // Word boundaries only where the value itself starts/ends with a word character.
  const start = /^\w/.test(value) ? "(?<![\\w])" : "";
  const end = /\w$/.test(value) ? "(?![\\w])" : "";
  return text.replace(new RegExp(`${start}${escaped}${end}`, "g"), placeholder);
}

function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > maxChars * 0.6 ? cut.slice(0, space) : cut}…`;
}
