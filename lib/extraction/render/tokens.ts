// Token counting for prompt budgets (o200k_base, the GPT-4o / GPT-4.1 encoding; close enough
// for other models' budgets). Trajectories are untrusted text: a literal "<|endoftext|>" in an
// observation must be counted as plain text, not make the tokenizer throw.
import { countTokens as countWithTokenizer, decode, encode } from "gpt-tokenizer";

const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return text === "" ? 0 : countWithTokenizer(text, PLAIN_TEXT);
}

/** Share of a truncated text kept from its start; the rest comes from its end (errors and results sit there). */
const HEAD_SHARE = 0.6;

/**
 * Keeps the head and tail of `text` within about `maxTokens`, replacing the middle with a note
 * saying how many tokens were left out. Returns the text unchanged when it fits.
 */
export function truncateMiddle(text: string, maxTokens: number): { text: string; omittedTokens: number } {
  const tokens = encode(text, PLAIN_TEXT);
  if (tokens.length <= maxTokens) return { text, omittedTokens: 0 };
  const keep = Math.max(2, maxTokens - 12); // room for the note
  const headCount = Math.ceil(keep * HEAD_SHARE);
  const tailCount = keep - headCount;
  const omittedTokens = tokens.length - headCount - tailCount;
  // A cut can split a multi-byte character; drop the replacement characters that leaves.
  const head = decode(tokens.slice(0, headCount)).replace(/\uFFFD+$/, "");
  const tail = decode(tokens.slice(tokens.length - tailCount)).replace(/^\uFFFD+/, "");
  return { text: `${head}\n… ${omittedTokens} tokens omitted …\n${tail}`, omittedTokens };
}
