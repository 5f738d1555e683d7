// PURE: the selected tips as the "guidelines" block an agent puts in its prompt, after the task
// context and before its standard instructions (paper §3.3.3). Each tip shows priority, category,
// content, purpose, "Apply when: <trigger>", numbered steps and the negative example, in one of
// three templates. A token budget drops the lowest-ranked tips first (tips arrive best first).
//
// Tip text is reviewed, but it derives from untrusted trajectories: every field is flattened to one
// line (a field cannot forge the header of another tip), and the XML template escapes markup.
import { countTokens } from "../extraction/render/tokens";
import type { GuidelinesTemplate, TipCategory, TipPriority } from "./schema";

export interface GuidelineTip {
  category: TipCategory;
  priority: TipPriority;
  content: string;
  purpose: string;
  trigger: string;
  steps: readonly string[];
  negativeExample: string | null;
}

export interface RenderGuidelinesOptions {
  template: GuidelinesTemplate;
  /** Max tokens (o200k) of the whole block; null = no limit. */
  maxTokens: number | null;
}

export interface RenderedGuidelines {
  /** "" when no tip is rendered (nothing matched, or not even the best tip fits the budget). */
  text: string;
  tokens: number;
  /** How many of the given tips are in the block: always the first ones. */
  included: number;
  /** How many were left out to stay within the budget. */
  dropped: number;
}

const INTRO = "Lessons learned from earlier runs of similar tasks. Apply the ones that fit this task.";

const CATEGORY_LABELS: Readonly<Record<TipCategory, string>> = {
  strategy: "Strategy",
  recovery: "Recovery",
  optimization: "Optimization",
};

export function renderGuidelines(tips: readonly GuidelineTip[], { template, maxTokens }: RenderGuidelinesOptions): RenderedGuidelines {
  const renderer = TEMPLATES[template];
  const blocks = tips.map((tip) => renderer.tip(tip));
  let count = blocks.length;
  if (maxTokens !== null) {
    // The largest prefix of the ranking that fits, by binary search on the exact token count of
    // the joined block (more tips never make it shorter).
    const fits = (n: number) => n === 0 || countTokens(renderer.wrap(blocks.slice(0, n))) <= maxTokens;
    let low = 0;
    let high = blocks.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(middle)) low = middle;
      else high = middle - 1;
    }
    count = low;
  }
  const text = count > 0 ? renderer.wrap(blocks.slice(0, count)) : "";
  return { text, tokens: countTokens(text), included: count, dropped: tips.length - count };
}

interface Template {
  tip(tip: GuidelineTip): string;
  wrap(blocks: readonly string[]): string;
}

const TEMPLATES: Readonly<Record<GuidelinesTemplate, Template>> = {
  // The paper's example format, verbatim in its shape.
  plain: {
    tip: (tip) =>
      lines([
        `[PRIORITY: ${tip.priority.toUpperCase()}] ${CATEGORY_LABELS[tip.category]} Tip:`,
        oneLine(tip.content),
        `Purpose: ${oneLine(tip.purpose)}`,
        `Apply when: ${trigger(tip.trigger)}`,
        ...stepLines(tip.steps, (step, i) => `${i + 1}. ${step}`, "Steps:"),
        tip.negativeExample ? `Avoid: ${oneLine(tip.negativeExample)}` : null,
      ]),
    wrap: (blocks) => [`GUIDELINES\n${INTRO}`, ...blocks].join("\n\n"),
  },
  markdown: {
    tip: (tip) =>
      lines([
        `### [PRIORITY: ${tip.priority.toUpperCase()}] ${CATEGORY_LABELS[tip.category]} tip`,
        oneLine(tip.content),
        "",
        `- **Purpose:** ${oneLine(tip.purpose)}`,
        `- **Apply when:** ${trigger(tip.trigger)}`,
        ...stepLines(tip.steps, (step, i) => `   ${i + 1}. ${step}`, "- **Steps:**"),
        tip.negativeExample ? `- **Avoid:** ${oneLine(tip.negativeExample)}` : null,
      ]),
    wrap: (blocks) => [`## Guidelines\n\n${INTRO}`, ...blocks].join("\n\n"),
  },
  xml: {
    tip: (tip) =>
      lines([
        `<tip priority="${tip.priority}" category="${tip.category}">`,
        `<content>${xml(tip.content)}</content>`,
        `<purpose>${xml(tip.purpose)}</purpose>`,
        `<apply_when>${xml(trigger(tip.trigger))}</apply_when>`,
        ...stepLines(tip.steps, (step) => `<step>${xml(step)}</step>`, "<steps>", "</steps>"),
        tip.negativeExample ? `<negative_example>${xml(tip.negativeExample)}</negative_example>` : null,
        "</tip>",
      ]),
    wrap: (blocks) => ["<guidelines>", `<about>${INTRO}</about>`, ...blocks, "</guidelines>"].join("\n"),
  },
};

function stepLines(steps: readonly string[], line: (step: string, index: number) => string, open: string, close?: string): string[] {
  const clean = steps.map(oneLine).filter(Boolean);
  if (clean.length === 0) return [];
  return [open, ...clean.map(line), ...(close ? [close] : [])];
}

function lines(parts: readonly (string | null)[]): string {
  return parts.filter((part): part is string => part !== null).join("\n");
}

/** Control characters and line breaks become spaces; runs of whitespace collapse. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
}

/** Triggers are often written "When …": after "Apply when:" that word would repeat. */
function trigger(text: string): string {
  const line = oneLine(text).replace(/^when\s+/i, "");
  return line.charAt(0).toUpperCase() + line.slice(1);
}

function xml(text: string): string {
  return oneLine(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
