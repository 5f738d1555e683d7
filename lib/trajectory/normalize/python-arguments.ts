// Top-level arguments of a Python call, from just after "(" up to the matching ")": quotes
// (including triple quotes) and brackets respected. Used to read AppWorld code cells.

/** `named` holds keyword arguments (source text), `positional` the rest in order. */
export function splitPythonArguments(source: string): { named: Record<string, string>; positional: string[] } {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = "";
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quote) {
      current += ch;
      if (ch === "\\") current += source[++i] ?? "";
      else if (source.startsWith(quote, i)) {
        current += quote.slice(1);
        i += quote.length - 1;
        quote = undefined;
      }
      continue;
    }
    if (ch === '"' || ch === "'") quote = source.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
    if (quote && quote.length === 3) {
      current += quote;
      i += 2;
      continue;
    }
    if ("([{".includes(ch)) depth++;
    if (")]}".includes(ch) && depth-- === 0) break;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current);
  const named: Record<string, string> = {};
  const positional: string[] = [];
  for (const part of parts.map((p) => p.trim()).filter(Boolean)) {
    const kw = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]*)$/.exec(part);
    if (kw) named[kw[1]!] = kw[2]!.trim();
    else positional.push(part);
  }
  return { named, positional };
}
