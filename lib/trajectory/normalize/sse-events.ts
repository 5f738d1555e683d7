// Server-sent-event bodies (streamed provider responses recorded as text): `event:` / `data:`
// lines grouped by blank lines; JSON data decoded, the `[DONE]` sentinel dropped.

export interface SseEvent {
  event?: string;
  /** The decoded JSON payload, or the raw data text when it is not JSON. */
  data: unknown;
}

/** True when the text looks like an SSE stream rather than a JSON body. */
export function isSseText(text: string): boolean {
  return /^\s*(?:data|event):/.test(text);
}

export function parseSseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    const payload = data.join("\n");
    if (payload === "" || payload.trim() === "[DONE]") continue;
    events.push({ ...(event ? { event } : {}), data: decode(payload) });
  }
  return events;
}

function decode(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}
