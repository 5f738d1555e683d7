// Quality gates on proposed tips. Tip text comes from untrusted trajectories (and LLMs reading
// them), so a tip can carry an injected instruction. Flagged tips stay in review: they are never
// auto-approved. Vague tips are flagged so reviewers can reject or sharpen them quickly; tips that
// repeat or contradict stored ones (lib/review/similar-tips.ts) wait for a person to choose.

export const TIP_FLAGS = {
  injection: "Contains an instruction aimed at the agent itself (e.g. \"ignore previous instructions\")",
  url: "Contains a URL",
  secret: "Contains something that looks like a secret (API key, token, password)",
  exfiltration: "Asks to send data somewhere or reveal hidden content",
  vague: "No concrete action (no tool, API, command or specific check)",
  duplicate: "Same as an existing tip",
  near_duplicate: "Very similar to an existing tip (embedding similarity ≥ 90%)",
  possible_conflict: "Close to an existing tip but seems to advise the opposite (heuristic: one negates an action the other recommends)",
  harmful_when_injected: "Runs that got this tip succeeded clearly less often than comparable runs without it (reported outcomes; see the tip's retrieval stats)",
} as const;
export type TipFlag = keyof typeof TIP_FLAGS;

/** Problems in the tip's own text: shown as blocking, never auto-approved. */
export const BLOCKING_FLAGS: readonly TipFlag[] = ["injection", "url", "secret", "exfiltration", "vague"];

/**
 * Overlap with stored tips: nothing wrong with the text itself, but a person has to decide which
 * tip to keep (or to merge them), so these are never auto-approved either. Recomputed only when a
 * tip is proposed; edits keep them.
 */
export const SIMILARITY_FLAGS: readonly TipFlag[] = ["duplicate", "near_duplicate", "possible_conflict"];

const INJECTION = [
  /\bignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier) (?:instructions|prompts?|rules)\b/i,
  /\bdisregard (?:all |the )?(?:previous|prior|above|system) /i,
  /\b(?:system prompt|developer message|jailbreak)\b/i,
  /\byou are now\b/i,
  /\bdo not (?:tell|inform) the user\b/i,
];
const EXFILTRATION = [
  /\b(?:send|post|upload|email|forward|exfiltrate)\b[^.]{0,60}\b(?:credentials?|passwords?|tokens?|api keys?|secrets?|env(?:ironment)? variables?|ssh keys?)\b/i,
  /\breveal\b[^.]{0,40}\b(?:prompt|instructions|secrets?)\b/i,
];
const URL = /\bhttps?:\/\/[^\s)]+|\bwww\.[a-z0-9-]+\.[a-z]{2,}/i;
const SECRET = [
  /\bsk-[A-Za-z0-9_-]{16,}/,
  /\bAKIA[0-9A-Z]{16}\b/,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./, // JWT
  /\b(?:password|passwd|api[_-]?key|secret|token)\s*[:=]\s*["']?[^\s"']{8,}/i,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];
/** A concrete action names a tool/API/command (snake_case, dotted, call syntax, code) or a specific check. */
const CONCRETE = /[a-z0-9]+_[a-z0-9_]+|[a-z]\.[a-z_]+\(|\w+\(\)|`[^`]+`|\b(?:call|run|use|pass|set|check|verify|retry|log in|login|read|list|fetch|open|select|compare|limit|filter|sort|page|paginate)\b[^.]{3,}/i;
const VAGUE = /^(?:be careful|make sure|always (?:double[- ])?check|pay attention|remember to|try to|it is important|consider)\b/i;

export interface FlaggableTip {
  content: string;
  purpose?: string | null;
  steps?: readonly string[];
  trigger?: string | null;
  negativeExample?: string | null;
}

/** Content flags of one tip (similarity flags come from comparing with stored tips). */
export function contentFlags(tip: FlaggableTip): TipFlag[] {
  const text = [tip.content, tip.purpose, tip.trigger, tip.negativeExample, ...(tip.steps ?? [])].filter(Boolean).join("\n");
  const flags: TipFlag[] = [];
  if (INJECTION.some((pattern) => pattern.test(text))) flags.push("injection");
  if (EXFILTRATION.some((pattern) => pattern.test(text))) flags.push("exfiltration");
  if (URL.test(text)) flags.push("url");
  if (SECRET.some((pattern) => pattern.test(text))) flags.push("secret");
  if (isVague(tip)) flags.push("vague");
  return flags;
}

function isVague(tip: FlaggableTip): boolean {
  const actionText = [tip.content, ...(tip.steps ?? [])].join("\n");
  if (CONCRETE.test(actionText)) return VAGUE.test(tip.content.trim()) && (tip.steps?.length ?? 0) === 0;
  return true;
}

/** Only a tip without blocking or similarity flags may be approved by the project's policy. */
export function canAutoApprove(flags: readonly string[]): boolean {
  const holds: readonly string[] = [...BLOCKING_FLAGS, ...SIMILARITY_FLAGS];
  return !flags.some((flag) => holds.includes(flag));
}

/** Lower-cased, punctuation-free, whitespace-collapsed text: equal means "the same tip". */
export function normalizeTipText(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}
