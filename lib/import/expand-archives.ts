// Zip archives become their member files ("archive.zip/dir/run.json"); one bad member fails
// alone. Declared sizes are checked before inflating so a zip bomb is refused, not expanded.
import { unzipSync } from "fflate";
import { fileTooLargeMessage, type ImportLimits } from "./limits";

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export interface FileFailure {
  file: string;
  error: string;
  format?: string | null;
  line?: number;
  path?: string;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
/** macOS metadata, dotfiles and folders are not trajectories. */
const IGNORED_MEMBER = /(^|\/)(__MACOSX\/|\.[^/]*$)|\/$/;

export function isZip(file: ImportFile): boolean {
  return (
    file.name.toLowerCase().endsWith(".zip") ||
    ZIP_MAGIC.every((b, i) => file.bytes[i] === b) ||
    EMPTY_ZIP_MAGIC.every((b, i) => file.bytes[i] === b)
  );
}

export function expandArchives(
  files: ImportFile[],
  limits: ImportLimits,
): { files: ImportFile[]; failures: FileFailure[] } {
  const expanded: ImportFile[] = [];
  const failures: FileFailure[] = [];
  for (const file of files) {
    if (!isZip(file)) {
      expanded.push(file);
      continue;
    }
    const tooLarge: string[] = [];
    try {
      const members = unzipSync(file.bytes, {
        filter: (member) => {
          if (IGNORED_MEMBER.test(member.name)) return false;
          if (member.originalSize > limits.maxFileBytes) {
            failures.push({ file: `${file.name}/${member.name}`, error: fileTooLargeMessage(member.originalSize, limits) });
            tooLarge.push(member.name);
            return false;
          }
          return true;
        },
      });
      const names = Object.keys(members).sort();
      if (names.length === 0 && tooLarge.length === 0) failures.push({ file: file.name, error: "The zip archive contains no files." });
      for (const name of names) expanded.push({ name: `${file.name}/${name}`, bytes: members[name]! });
    } catch (error) {
      failures.push({ file: file.name, error: `Not a readable zip archive: ${(error as Error).message}.` });
    }
  }
  return { files: expanded, failures };
}
