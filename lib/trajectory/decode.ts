// Bytes → text, with errors a user can act on. Trajectory files are UTF-8 by every format's
// rules; UTF-16 with a BOM (Windows editors) is accepted; anything else is refused, not mangled.
export type DecodeResult = { ok: true; text: string } | { ok: false; error: string };

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function decodeText(bytes: Uint8Array): DecodeResult {
  if (bytes.length === 0) return { ok: false, error: "The file is empty." };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeWith("utf-16le", bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeWith("utf-16be", bytes.subarray(2));
  const body = UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) {
    return { ok: false, error: "This is a binary file, not a text trajectory (JSON, JSONL, YAML, Markdown or text)." };
  }
  const decoded = decodeWith("utf-8", body);
  if (!decoded.ok) return decoded;
  if (decoded.text.trim() === "") return { ok: false, error: "The file contains only whitespace." };
  return decoded;
}

function decodeWith(encoding: "utf-8" | "utf-16le" | "utf-16be", bytes: Uint8Array): DecodeResult {
  try {
    return { ok: true, text: new TextDecoder(encoding, { fatal: true }).decode(bytes) };
  } catch {
    const offset = encoding === "utf-8" ? firstInvalidUtf8Offset(bytes) : undefined;
    return {
      ok: false,
      error:
        `The file is not valid ${encoding.toUpperCase()} text` +
        (offset === undefined ? "." : ` (invalid byte at offset ${offset}).`) +
        " Save it as UTF-8 and upload it again.",
    };
  }
}

/** NUL bytes in the first 8 KB mean binary (UTF-8 text never contains them). */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  return sample.includes(0);
}

/** Offset of the first byte that does not start or continue a UTF-8 sequence (for the error message). */
function firstInvalidUtf8Offset(bytes: Uint8Array): number | undefined {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte < 0x80) continue;
    const length = byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]!;
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += length - 1;
  }
  return undefined;
}
