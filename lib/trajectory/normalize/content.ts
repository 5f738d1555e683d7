// Message content in its many shapes (strings, OpenAI / Anthropic / Responses / gen_ai parts) to
// plain text. Binary payloads (base64 images, files) become a placeholder with their size, so
// stored steps and prompts never carry megabytes of base64.

const DATA_URL = /data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]{64,})/g;

/** "[image/png, 12.3 KB omitted]" for a base64 payload of that many characters. */
export function binaryPlaceholder(mediaType: string, base64Length: number): string {
  const bytes = Math.floor((base64Length * 3) / 4);
  return `[${mediaType || "binary"}, ${formatBytes(bytes)} omitted]`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Replaces inline `data:<type>;base64,…` URLs in free text with placeholders. */
export function stripInlineBinary(text: string): string {
  return text.replace(DATA_URL, (_match, mediaType: string, payload: string) => binaryPlaceholder(mediaType, payload.length));
}

/** Text of a content value: a string, an array of parts, or one part object. Unknown parts are JSON-stringified. */
export function contentToText(content: unknown): string {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return stripInlineBinary(content);
  if (typeof content === "number" || typeof content === "boolean") return String(content);
  if (Array.isArray(content)) return content.map(contentToText).filter((part) => part !== "").join("\n");
  if (typeof content !== "object") return "";
  const part = content as Record<string, unknown>;
  const type = typeof part.type === "string" ? part.type : undefined;
  if (type === "image_url" || type === "input_image" || type === "image") return imagePlaceholder(part);
  for (const key of ["text", "content", "output", "thinking", "refusal", "summary_text"]) {
    if (typeof part[key] === "string") return stripInlineBinary(part[key] as string);
  }
  if (Array.isArray(part.content) || Array.isArray(part.parts)) return contentToText(part.content ?? part.parts);
  if (Array.isArray(part.summary)) return contentToText(part.summary);
  return stripInlineBinary(safeStringify(content));
}

function imagePlaceholder(part: Record<string, unknown>): string {
  const imageUrl = part.image_url as { url?: unknown } | string | undefined;
  const url = typeof imageUrl === "string" ? imageUrl : typeof imageUrl?.url === "string" ? imageUrl.url : undefined;
  const source = part.source as { type?: string; media_type?: string; data?: string; path?: string } | undefined;
  if (url?.startsWith("data:")) {
    const [, mediaType = "image", payload = ""] = /^data:([^;]+);base64,(.*)$/s.exec(url) ?? [];
    return binaryPlaceholder(mediaType, payload.length);
  }
  if (source?.data) return binaryPlaceholder(source.media_type ?? "image", source.data.length);
  if (url) return `[image: ${url}]`;
  if (source?.path) return `[image: ${source.path}]`;
  return "[image]";
}

/** JSON.stringify that never throws (cycles, BigInt) — for keeping odd values readable. */
export function safeStringify(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v), indent) ?? "";
  } catch {
    return String(value);
  }
}
