import type { FormatParser } from "./types";

/**
 * A parser whose detect never throws (a detector bug scores 0) and whose parse turns an exception
 * into an error issue naming what it was reading — the contract every format promises, in one place.
 */
export function guardedFormat({ reading, ...parser }: FormatParser & { reading: string }): FormatParser {
  return {
    id: parser.id,
    label: parser.label,
    detect(doc) {
      try {
        return parser.detect(doc);
      } catch {
        return 0;
      }
    },
    parse(doc) {
      try {
        return parser.parse(doc);
      } catch (error) {
        const message = `Could not read ${reading}: ${error instanceof Error ? error.message : String(error)}`;
        return { trajectories: [], issues: [{ severity: "error", message }] };
      }
    },
  };
}
