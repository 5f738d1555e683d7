// Span dumps print 64/128-bit ids (and ns timestamps) as bare decimal integers, which JSON.parse
// silently rounds past 2^53 — two different spans would then share an id. This re-parses the raw
// text with every unsafe integer literal turned into a string first, so ids stay exact.

/** True when the text holds an integer literal too long to be a safe JS number (cheap pre-check). */
export function hasUnsafeIntegers(text: string): boolean {
  return /\d{16,}/.test(text);
}

/** JSON.parse, but integers beyond Number.MAX_SAFE_INTEGER come back as decimal strings. Throws like JSON.parse. */
export function parseJsonKeepingBigInts(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text));
}

/** Wraps unsafe integer literals outside strings in quotes; everything else is copied unchanged. */
export function quoteUnsafeIntegers(text: string): string {
  let out = "";
  let copiedUpTo = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i = skipString(text, i);
      continue;
    }
    if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) {
      const start = i;
      i++;
      while (i < text.length && /[0-9]/.test(text[i] ?? "")) i++;
      const next = text[i];
      // Fractions and exponents are floats, not ids: leave them to JSON.parse.
      if (next === "." || next === "e" || next === "E") {
        while (i < text.length && /[0-9.eE+-]/.test(text[i] ?? "")) i++;
        continue;
      }
      const literal = text.slice(start, i);
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(copiedUpTo, start)}"${literal}"`;
        copiedUpTo = i;
      }
      continue;
    }
    i++;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/** Index just past the closing quote of the string starting at `start`. */
function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\\") i += 2;
    else if (ch === '"') return i + 1;
    else i++;
  }
  return i;
}
