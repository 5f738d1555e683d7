// Deep links to a span of steps: `#steps=4-7` or `#steps=4` (0-based step indexes, the same
// numbers the viewer shows). Pure, so the viewer, tips' provenance links and tests share it.

/** An inclusive range of step indexes; `start <= end` always holds. */
export interface StepRange {
  start: number;
  end: number;
}

const STEPS_KEY = "steps";
const VALUE_PATTERN = /^(\d{1,7})(?:-(\d{1,7}))?$/;

/**
 * Reads the range from a URL fragment ("#steps=4-7", "steps=4", "#steps=7-4&x=1"); a reversed
 * range is put in order. Anything malformed yields null rather than a guess.
 */
export function parseStepRange(hash: string): StepRange | null {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  for (const part of fragment.split("&")) {
    const [key, value] = part.split("=", 2);
    if (key !== STEPS_KEY || value === undefined) continue;
    const match = VALUE_PATTERN.exec(safeDecode(value).trim());
    if (!match) return null;
    const first = Number(match[1]);
    const second = match[2] === undefined ? first : Number(match[2]);
    return { start: Math.min(first, second), end: Math.max(first, second) };
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a stray "%" must not break the page
  }
}

/** "steps=4-7", or "steps=4" for a single step (no leading "#"). */
export function formatStepRange(range: StepRange): string {
  const start = Math.min(range.start, range.end);
  const end = Math.max(range.start, range.end);
  return start === end ? `${STEPS_KEY}=${start}` : `${STEPS_KEY}=${start}-${end}`;
}

/** The range spanning two clicked steps, in either order. */
export function rangeBetween(a: number, b: number): StepRange {
  return { start: Math.min(a, b), end: Math.max(a, b) };
}

export function isInStepRange(index: number, range: StepRange | null): boolean {
  return range !== null && index >= range.start && index <= range.end;
}
