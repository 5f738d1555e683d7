// Pure: how a tip relates to a stored tip its embedding is close to — a likely duplicate, a
// possible conflict, or merely related — and the quality flags that follow for a proposal.
//
// Thresholds are cosine similarities of the "tip_content" text (content + purpose), calibrated on
// the built-in local embedder (local-hash-v1); figures in the constants' comments.
import { stem } from "../embeddings/local-text-features";

/**
 * At or above this, two tips of the same category count as the same advice. Measured with
 * local-hash-v1: the offline extractor's recovery tips for the same tool and error from two runs
 * score 0.93 (one run also looked up an address), 0.95 (one skipped the lookup), 0.99 (a masked
 * value differs), 1.0 (identical); hand-written LLM-style rewordings 0.77–0.93. The closest distinct
 * pairs: 0.82 (one template for two different APIs), 0.81 (same tool and error, a different fix),
 * 0.64–0.70 (the same recovery for another app), and below 0.5 between the samples' distinct tips.
 * 0.9 flags re-proposals and close rewordings with a margin over those, and leaves looser
 * rewordings "related" (shown with their score in the detail pane): the cheaper mistake for a gate
 * that holds tips back from auto-approval.
 */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;

/**
 * Floor for the conflict heuristic and for listing a tip as related at all. Opposite-advice pairs
 * measured 0.52–0.82 (the local embedder drops negations on purpose, so "retry X" and "do not retry
 * X" stay close), unrelated tips of one project 0.1–0.48. The heuristic's precision comes from the
 * action match below, not from this band; it has no upper end because a negated twin of a tip is a
 * contradiction, not a duplicate.
 */
export const RELATED_SIMILARITY = 0.5;
export const CONFLICT_MIN_SIMILARITY = RELATED_SIMILARITY;

/** How many approved neighbours the detail pane lists. */
export const SIMILAR_TIPS_SHOWN = 5;

export const SIMILARITY_LABELS = ["likely duplicate", "possible conflict", "related"] as const;
export type SimilarityLabel = (typeof SIMILARITY_LABELS)[number];

/** What the comparison needs of a tip. */
export interface ComparableTip {
  category: "strategy" | "recovery" | "optimization";
  application: string | null;
  content: string;
}

/** A stored tip close to the one under test; what the "proposed" event records as `similarTo`. */
export interface SimilarityMatch {
  id: string;
  /** Cosine similarity, rounded to 3 decimals. */
  similarity: number;
  label: SimilarityLabel;
}

/** The embedded text of a tip (owner type "tip_content"), shared with the re-embed job. */
export function tipContentText(tip: { content: string; purpose: string }): string {
  return `${tip.content}\n${tip.purpose}`;
}

/** Cosine similarity; 0 when either vector is all zeros (a text without content words). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as number;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** The label of `other` seen from `tip`, or null when they are not even related. */
export function classifySimilarTip(tip: ComparableTip, other: ComparableTip, similarity: number): SimilarityLabel | null {
  if (similarity < RELATED_SIMILARITY) return null;
  if (similarity >= CONFLICT_MIN_SIMILARITY && isSameContext(tip, other) && hasOppositeAdvice(tip.content, other.content)) {
    return "possible conflict";
  }
  if (similarity >= NEAR_DUPLICATE_SIMILARITY && tip.category === other.category) return "likely duplicate";
  return "related";
}

/** Flags for a proposal from its matches, and the matches worth recording (duplicates and conflicts, best first). */
export function similarityFlags(matches: readonly SimilarityMatch[]): { flags: ("near_duplicate" | "possible_conflict")[]; similarTo: SimilarityMatch[] } {
  const similarTo = matches.filter((match) => match.label !== "related").sort((a, b) => b.similarity - a.similarity);
  const flags: ("near_duplicate" | "possible_conflict")[] = [];
  if (similarTo.some((match) => match.label === "likely duplicate")) flags.push("near_duplicate");
  if (similarTo.some((match) => match.label === "possible conflict")) flags.push("possible_conflict");
  return { flags, similarTo: similarTo.slice(0, SIMILAR_TIPS_SHOWN) };
}

/**
 * A strategy (what to do) and a recovery (what to do after an error) can contradict each other;
 * an optimization only with another optimization. Tips for two different applications cannot.
 */
function isSameContext(a: ComparableTip, b: ComparableTip): boolean {
  const categories = new Set([a.category, b.category]);
  const isComparable = categories.size === 1 || (categories.has("strategy") && categories.has("recovery"));
  const isSameApplication = a.application === null || b.application === null || a.application.toLowerCase() === b.application.toLowerCase();
  return isComparable && isSameApplication;
}

// ── The conflict heuristic ────────────────────────────────────────────────────────────────
// Without an LLM, "opposite advice" is approximated conservatively: one tip negates an action
// ("do not / never / avoid / instead of" + verb + its object) that the other recommends plainly,
// and the other never negates it itself. Verb and object must both match (after light stemming), so
// "do not retry checkout" conflicts with "retry checkout once" but not with "retry login". It
// misses contradictions phrased differently ("skip X" vs "call X", "it" for the tool's name,
// antonyms such as "increase" / "decrease") and can misfire on a negation inside a condition;
// a flag only holds the tip for a person, who sees both tips side by side.

const NEGATION = /^(?:not|never|no|avoid|avoiding|don't|dont|instead|rather)$/;
/** Words allowed between a negation cue and its verb: "do not ever", "avoid blindly", "instead of", "no need to". */
const FILLER = new Set(["do", "does", "must", "should", "ever", "just", "simply", "blindly", "immediately", "again", "of", "than", "to", "need"]);
const ARTICLES = new Set(["the", "a", "an", "this", "that", "any", "another"]);
/** Too general to carry the advice. */
const WEAK_VERBS = new Set(["be", "is", "are", "was", "have", "has", "make", "let"]);

export interface Action {
  verb: string;
  object: string;
  isNegated: boolean;
}

/** True when one text negates an action the other recommends (see the heuristic above). */
export function hasOppositeAdvice(a: string, b: string): boolean {
  const actionsA = actionsOf(a);
  const actionsB = actionsOf(b);
  return negatesPlain(actionsA, actionsB) || negatesPlain(actionsB, actionsA);
}

function negatesPlain(negating: Action[], plain: Action[]): boolean {
  const key = (action: Action) => `${action.verb} ${action.object}`;
  const negatedHere = new Set(negating.filter((action) => action.isNegated).map(key));
  const negatedThere = new Set(plain.filter((action) => action.isNegated).map(key));
  return plain.some((action) => !action.isNegated && negatedHere.has(key(action)) && !negatedThere.has(key(action)));
}

/** Every (verb, object) pair of the text, clause by clause, with whether a negation cue governs it. */
export function actionsOf(text: string): Action[] {
  return text.split(/[,;:!?()]|\.(?=\s|$)/).flatMap((clause) => clauseActions(wordsOf(clause)));
}

function clauseActions(words: string[]): Action[] {
  const actions: Action[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const verb = words[i] as string;
    if (NEGATION.test(verb) || FILLER.has(verb) || ARTICLES.has(verb) || WEAK_VERBS.has(verb)) continue;
    let j = i + 1;
    while (j < words.length && ARTICLES.has(words[j] as string)) j += 1;
    const object = words[j];
    if (!object || NEGATION.test(object)) continue;
    actions.push({ verb: stem(verb), object: normalizeObject(object), isNegated: isNegatedAt(words, i) });
  }
  return actions;
}

function isNegatedAt(words: string[], index: number): boolean {
  for (let k = index - 1; k >= 0; k -= 1) {
    const word = words[k] as string;
    if (NEGATION.test(word)) return true;
    if (!FILLER.has(word)) return false;
  }
  return false;
}

/** Lower-case words; dotted and snake_case names stay whole ("apis.venmo.show_payment_requests"). */
function wordsOf(text: string): string[] {
  const words = text.toLowerCase().replace(/[’`]/g, "'").match(/[\p{L}\p{N}_']+(?:\.[\p{L}\p{N}_]+)*/gu) ?? [];
  return words.map((word) => word.replace(/^'+|'+$/g, "")).filter(Boolean);
}

function normalizeObject(word: string): string {
  return /[._]/.test(word) ? word : stem(word);
}
