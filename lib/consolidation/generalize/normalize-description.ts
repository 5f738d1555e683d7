// Offline generalization of a task / subtask description (paper §3.2.1 without an LLM): task values
// become placeholders, proper names become <entity>, synonymous verbs become one verb and purpose
// qualifiers are dropped, so equivalent operations embed close together and can cluster. Pure and
// deterministic; also the fallback when the LLM stage leaves a description out.

/** Canonical verb → the synonyms (and phrasal variants) that collapse into it. */
export const VERB_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  get: ["retrieve", "fetch", "obtain", "look up", "lookup", "acquire", "grab", "collect", "gather", "read"],
  create: ["add", "make", "generate", "set up", "setup", "register", "insert"],
  delete: ["remove", "erase", "discard", "purge", "trash"],
  update: ["modify", "change", "edit", "alter", "adjust", "revise", "amend"],
  send: ["transfer", "pay", "wire", "remit", "forward"],
  find: ["search", "search for", "locate", "look for", "seek", "identify", "discover"],
  list: ["show", "display", "enumerate", "view", "browse"],
  check: ["verify", "validate", "confirm", "inspect"],
  compute: ["calculate", "determine", "work out"],
  "log in": ["login", "sign in", "signin", "log on", "authenticate"],
  "log in to": ["log into", "login to", "sign into", "sign in to", "log on to", "authenticate with", "authenticate to", "authenticate into"],
  "log out": ["logout", "sign out", "log off"],
};

/**
 * Words mapped only as the first word: "new" is a verb in "New playlist for …" but an adjective in
 * "add a new contact" (→ "create contact", not "create create contact").
 */
export const LEADING_VERB_SYNONYMS: Readonly<Record<string, string>> = { new: "create" };

/** Ways of saying "by means of" that differ only in wording ("via Venmo" = "using Venmo"). */
const INSTRUMENT_PATTERN = /\b(?:by using|using|by means of|with the help of)\b/g;

/** Articles and possessives carry no operation; dropping them lets "the" / "my" variants match. */
const FILLER_WORDS = new Set(["a", "an", "the", "my", "your", "his", "her", "their", "our", "its", "some", "please"]);

// Downstream-purpose qualifiers run to the end of their sentence ("… in order to check the status").
const PURPOSE_QUALIFIER =
  /\s*,?\s*\b(?:in order (?:to|for)|so as to|so that|so (?:i|he|she|they|we|you|it) (?:can|could|will|may|might)|to make sure|to ensure|to be sure|for the purpose of|with the (?:goal|aim|intention|purpose) of|in an effort to|with a view to|which (?:is|are|will be) (?:used|needed) (?:to|for))\b[^.;!?\n]*/gi;

const MONTH = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const CURRENCY_WORD = "dollars?|usd|eur|euros?|pounds?|gbp|bucks|cents?";

/** Task values → placeholders, in order (earlier patterns protect their matches from later ones). */
const VALUE_PATTERNS: readonly [RegExp, string][] = [
  [/\bhttps?:\/\/\S+|\bwww\.[a-z0-9-]+\.[a-z]{2,}\S*/gi, "<url>"],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "<email>"],
  [/"[^"\n]{1,120}"|“[^”\n]{1,120}”|‘[^’\n]{1,120}’|(?<![\w])'[^'\n]{1,120}'(?![\w])/g, "<value>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>"],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, "<id>"],
  [/(?<![\w.])@[a-z0-9_]{2,}\b/gi, "<entity>"],
  // Handles after a person word: "for user alice_smith", "recipient j.doe".
  [/(?<=\b(?:user(?:name)?|customer|account|member|recipient|contact|friend)\s+)[a-z][\w.]*[_.][\w.]*[a-z0-9]\b/gi, "<entity>"],
  [/\b\d{4}-\d{2}-\d{2}(?:[t ][\d:.]+z?)?\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/gi, "<date>"],
  [new RegExp(`\\b(?:${MONTH})\\.? \\d{1,2}(?:st|nd|rd|th)?(?:,? \\d{4})?\\b|\\b\\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:${MONTH})\\b(?:,? \\d{4})?`, "gi"), "<date>"],
  [/[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?[km]\b)?|\b(?:usd|eur|gbp)\s?\d[\d,]*(?:\.\d+)?/gi, "<amount>"],
  [new RegExp(`\\b\\d[\\d,]*(?:\\.\\d+)?\\s?(?:${CURRENCY_WORD})\\b`, "gi"), "<amount>"],
  // Identifiers that mix letters and digits (order ids, usernames like alice_smith42).
  [/\b(?=[\w-]*\d)(?=[\w-]*[a-z])[a-z0-9][\w-]{4,}\b/gi, "<id>"],
  [/\b\d[\d,]*(?:\.\d+)?(?:st|nd|rd|th)?\b/gi, "<number>"],
];

export interface NormalizeOptions {
  /** Names to keep (lower-cased) instead of masking as <entity>: the project's application names, e.g. ["venmo"]. */
  keepNames?: readonly string[];
}

/** Deterministic generalized form of a description: lower case, placeholders, canonical verbs, no purpose clause. */
export function normalizeDescription(text: string, options: NormalizeOptions = {}): string {
  let result = text.normalize("NFKC").replace(/\s+/g, " ").trim();
  for (const [pattern, placeholder] of VALUE_PATTERNS) result = result.replace(pattern, ` ${placeholder} `);
  result = maskEntities(result, new Set((options.keepNames ?? []).map((name) => name.toLowerCase())));
  result = result.replace(PURPOSE_QUALIFIER, "").toLowerCase();
  result = result.replace(/['’]s\b/g, "").replace(/[^\p{L}\p{N}<>_\s]+/gu, " ").replace(/\s+/g, " ").trim();
  result = result.replace(/^(\S+)/, (first) => LEADING_VERB_SYNONYMS[first] ?? first);
  result = result.replace(VERB_PATTERN, (match) => VERB_FORMS.get(match) ?? match);
  result = result.replace(INSTRUMENT_PATTERN, "via");
  const words = result.split(" ").filter((word) => word !== "" && !FILLER_WORDS.has(word));
  // "create (a) new contact" says "create" twice; repeated placeholders ("<entity> <entity>") are one.
  const kept = words.filter((word, i) => word !== words[i - 1] && !(word === "new" && words[i - 1] === "create"));
  return kept.join(" ");
}

/**
 * For the offline path: the description most members share once normalized (ties: the one seen
 * first), so a cluster is named by its typical member rather than an arbitrary one.
 */
export function offlineCanonicalDescription(descriptions: readonly string[], options: NormalizeOptions = {}): string {
  const groups = new Map<string, { count: number; first: string }>();
  for (const description of descriptions) {
    const key = normalizeDescription(description, options);
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { count: 1, first: description.trim() });
  }
  let best: { count: number; first: string } | undefined;
  for (const group of groups.values()) if (!best || group.count > best.count) best = group;
  return best?.first ?? "";
}

// Capitalized words that do not start a sentence are names (people, apps, products, places).
// Acronyms (API, CSV) stay: they name kinds of things, not instances. Title Case text is left
// alone: there capitals say nothing about names.
function maskEntities(text: string, keep: ReadonlySet<string>): string {
  const tokens = text.split(" ");
  const words = tokens.filter((token) => /^\p{L}/u.test(token));
  const capitalized = words.filter((word) => /^\p{Lu}/u.test(word));
  if (words.length >= 3 && capitalized.length / words.length >= 0.7) return text;
  let isSentenceStart = true;
  const masked = tokens.map((token) => {
    const match = /^([("'[]*)([\p{L}][\p{L}\p{N}'’&.-]*?)([)"'\],.;:!?]*)$/u.exec(token);
    const startsSentence = isSentenceStart;
    if (token !== "") isSentenceStart = /[.!?:;]$/.test(token) || /^(?:-|\*|•|\d+[.)])$/.test(token);
    if (!match || startsSentence) return token;
    const [, before, core = "", after] = match;
    const isName = /^\p{Lu}\p{Ll}/u.test(core) || /^\p{Ll}+\p{Lu}/u.test(core);
    if (!isName || core === "I" || keep.has(core.toLowerCase())) return token;
    return `${before}<entity>${after}`;
  });
  return masked.join(" ");
}

/** Surface form ("looking up", "fetches") → canonical verb. Only -s / -es / -ing: "-ed" forms are mostly adjectives. */
const VERB_FORMS: ReadonlyMap<string, string> = (() => {
  const forms = new Map<string, string>();
  for (const [canonical, synonyms] of Object.entries(VERB_SYNONYMS)) {
    for (const phrase of [canonical, ...synonyms]) {
      const [head = "", ...rest] = phrase.split(" ");
      for (const form of inflections(head)) forms.set([form, ...rest].join(" "), canonical);
    }
  }
  return forms;
})();

// Longest phrases first, so "look up" wins over "look" and "log in to" over "log in".
const VERB_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}_<])(?:${[...VERB_FORMS.keys()].sort((a, b) => b.length - a.length).join("|")})(?![\\p{L}\\p{N}_>])`,
  "gu",
);

function inflections(verb: string): string[] {
  const forms = [verb, `${verb}s`, `${verb}ing`];
  if (/(?:s|sh|ch|x|z)$/.test(verb)) forms.push(`${verb}es`);
  if (verb.endsWith("e")) forms.push(`${verb.slice(0, -1)}ing`);
  if (/[^aeiou]y$/.test(verb)) forms.push(`${verb.slice(0, -1)}ies`);
  if (/^(?:get|log|sign|drop|set)$/.test(verb)) forms.push(`${verb}${verb.at(-1)}ing`);
  return forms;
}
