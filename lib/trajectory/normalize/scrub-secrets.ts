// Credentials that request logs and HTTP recordings carry (FORMATS.md §11.11): API keys in
// logged request kwargs, Authorization / api-key / cookie headers in cassettes. Removed before
// anything is stored. Tool arguments such as an app's `access_token` are trajectory content and stay.

const SECRET_KEYS = /^(?:api[-_]?key|x-api-key|(?:openai|anthropic|azure)[-_]api[-_]key|authorization|proxy-authorization|cookie|set-cookie|x-goog-api-key)$/i;

/** A deep copy without secret-named keys. Non-plain values (Dates, buffers) are kept as they are. */
export function scrubSecrets<T>(value: T): T {
  return scrub(value, new WeakMap()) as T;
}

function scrub(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return seen.get(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(scrub(item, seen));
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) {
    if (!SECRET_KEYS.test(key)) copy[key] = scrub(item, seen);
  }
  return copy;
}
