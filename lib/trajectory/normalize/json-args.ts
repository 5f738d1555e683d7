/**
 * Tool arguments arrive as a JSON string (OpenAI, Responses), an object (Langfuse, Anthropic),
 * or broken JSON (truncated at finish_reason=length). Returns the parsed value, or the original
 * string when it is not valid JSON — never throws, never loses the text.
 */
export function parseArguments(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return {};
  if (!/^[[{"]/.test(trimmed)) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

/** Parses a value that may be a JSON-encoded string (possibly twice); returns it unchanged otherwise. */
export function decodeJsonString(value: unknown, depth = 2): unknown {
  let current = value;
  for (let i = 0; i < depth && typeof current === "string"; i++) {
    const trimmed = current.trim();
    if (!/^[[{"]/.test(trimmed)) break;
    try {
      current = JSON.parse(trimmed);
    } catch {
      break;
    }
  }
  return current;
}
