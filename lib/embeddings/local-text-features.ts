// Text → canonical content tokens for the local embedder: normalize, tokenize, stem lightly,
// fold a small synonym table, drop stop-words. Pure and deterministic.
// Any change to the output changes every local vector: bump LOCAL_EMBEDDING_MODEL with it.

/** One content token, plus an optional broader concept it implies ("weekly" → "recurring"). */
export interface ContentToken {
  /** Stem, or the synonym group's canonical word. */
  readonly token: string;
  /** Extra concept feature, weighted lower than the token itself. */
  readonly concept?: string;
}

// Function words carry no topic. Negations are included on purpose: a tip and its
// opposite ("retry on 429" / "do not retry on 429") are about the same thing.
const STOP_WORDS = new Set(
  (
    "a an the and or but if then else so than too very of to in on at by for with from into onto " +
    "about as is are was were be been being am do does did doing have has had i me my mine we us our " +
    "ours you your yours he him his she her it its they them their this that these those there here " +
    "what which who whom whose when where why how all any some each both few more most other such " +
    "can could will would shall should may might must just please also not no nor only own same " +
    "up down out off over under again further once via per let lets dont cant wont im ive"
  ).split(" "),
);

// Small, deliberate synonym groups for common agent-task words, so paraphrases such as
// "purchase" / "buy" land on the same feature. Members may be phrases; they are matched on
// stems, so inflections ("signed in", "setting up") fold too. Keep it small: a wrong synonym
// hurts every text that uses the word.
const SYNONYM_GROUPS: Readonly<Record<string, readonly string[]>> = {
  get: ["fetch", "retrieve", "obtain", "acquire", "look up", "lookup"],
  buy: ["purchase", "pay for"],
  remove: ["delete", "erase", "clear", "empty", "discard", "get rid of"],
  login: ["log in", "sign in", "signin", "log on", "logon", "sign on", "authenticate", "authentication", "auth"],
  logout: ["log out", "sign out", "signout", "log off"],
  register: ["sign up", "signup", "registration"],
  subscription: ["subscribe", "membership"],
  renew: ["renewal", "extend", "prolong"],
  schedule: ["set up", "setup", "arrange"],
  recurring: ["recurrent", "repeating", "periodic"],
  latest: ["newest", "most recent", "recent"],
  cheap: ["inexpensive", "low cost", "lowcost", "affordable"],
  search: ["find", "locate", "look for"],
  update: ["modify", "change", "edit"],
  cart: ["basket"],
  flight: ["airfare", "plane ticket"],
  admin: ["administrator"],
  dashboard: ["panel"],
  stop: ["halt", "terminate", "shut down", "shutdown"],
  start: ["begin", "launch", "kick off"],
};

// Frequency words keep their own token and also imply "recurring".
const CONCEPTS: Readonly<Record<string, string>> = {
  hourly: "recurring",
  daily: "recurring",
  nightly: "recurring",
  weekly: "recurring",
  biweekly: "recurring",
  monthly: "recurring",
  quarterly: "recurring",
  yearly: "recurring",
  annually: "recurring",
};

const MAX_PHRASE_WORDS = 3;

// Irregular forms the suffix rules cannot fold.
const IRREGULAR_STEMS: Readonly<Record<string, string>> = { used: "use", uses: "use", using: "use" };

/** Light suffix stripping (a small subset of Porter): enough to fold plurals and tenses. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  const irregular = IRREGULAR_STEMS[word];
  if (irregular) return irregular;
  let s = word;
  // Plurals first, then tenses, so "meetings" → "meeting" → "meet".
  if (/[^aeiou]ie[sd]$/.test(s)) s = `${s.slice(0, -3)}y`;
  else if (/(ss|sh|ch|x|z)es$/.test(s)) s = s.slice(0, -2);
  else if (/[^isu]s$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith("eed")) return s; // "need", "speed": not a past tense
  if (s.endsWith("ing") && isStemLike(s.slice(0, -3))) s = undouble(s.slice(0, -3));
  else if (s.endsWith("ed") && isStemLike(s.slice(0, -2))) s = undouble(s.slice(0, -2));
  // "weekly" → "week", but not "supply", "family", "anomaly".
  else if (/[^aeiouyp]ly$/.test(s) && s.length >= 6) s = s.slice(0, -2);
  for (const suffix of ["ation", "ment", "ness"]) {
    if (s.endsWith(suffix) && s.length - suffix.length >= 4) {
      s = s.slice(0, -suffix.length);
      break;
    }
  }
  // A final "e" goes so that "schedule", "scheduled" and "scheduling" share one stem.
  if (s.endsWith("e") && !s.endsWith("ee") && s.length >= 4) s = s.slice(0, -1);
  return s;
}

// At least three letters with a vowel: "meeting" → "meet", but "bring" and "need" stay.
function isStemLike(s: string): boolean {
  return s.length >= 3 && /[aeiouy]/.test(s);
}

// "stopped" → "stopp" → "stop"; keep ll/ss/zz ("called" → "call").
function undouble(s: string): string {
  return /([^aeioulsz])\1$/.test(s) ? s.slice(0, -1) : s;
}

/** Lower-case, strip accents, split camelCase, drop apostrophes, then split on non-letters. */
export function tokenize(text: string): string[] {
  const normalized = text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`]/g, "");
  return normalized.match(/[\p{L}\p{N}]+/gu) ?? [];
}

// Keyed by the space-joined stems of a member, so lookups use the same stemming as the text.
const SYNONYMS: ReadonlyMap<string, string> = new Map(
  Object.entries(SYNONYM_GROUPS).flatMap(([canonical, members]) =>
    [canonical, ...members].map((member) => [member.split(" ").map(stem).join(" "), canonical] as const),
  ),
);

/** Content tokens of `text`, in order (stop-words removed, phrases and synonyms folded). */
export function contentTokens(text: string): ContentToken[] {
  const words = tokenize(text);
  const stems = words.map(stem);
  const tokens: ContentToken[] = [];
  for (let i = 0; i < words.length; ) {
    const phrase = matchPhrase(stems, i);
    if (phrase) {
      tokens.push({ token: phrase.canonical });
      i += phrase.length;
      continue;
    }
    const word = words[i] as string;
    const wordStem = stems[i] as string;
    i += 1;
    if (STOP_WORDS.has(word)) continue;
    const concept = CONCEPTS[word];
    const token = SYNONYMS.get(wordStem) ?? wordStem;
    tokens.push(concept ? { token, concept } : { token });
  }
  return tokens;
}

// Longest multi-word synonym starting at `start` (single words are handled by the caller).
function matchPhrase(stems: string[], start: number): { canonical: string; length: number } | undefined {
  for (let length = Math.min(MAX_PHRASE_WORDS, stems.length - start); length >= 2; length -= 1) {
    const canonical = SYNONYMS.get(stems.slice(start, start + length).join(" "));
    if (canonical) return { canonical, length };
  }
  return undefined;
}
