// CLI input: files and folders (walked recursively) into ImportFiles, in a stable order.
import fs from "node:fs";
import path from "node:path";

export function readImportPaths(paths: string[]): { files: { name: string; bytes: Uint8Array }[]; missing: string[] } {
  const files: { name: string; bytes: Uint8Array }[] = [];
  const missing: string[] = [];
  for (const input of paths) {
    if (!fs.existsSync(input)) {
      missing.push(input);
      continue;
    }
    for (const file of walk(input)) {
      const relative = fs.statSync(input).isDirectory() ? path.join(path.basename(input), path.relative(input, file)) : path.basename(file);
      files.push({ name: relative, bytes: new Uint8Array(fs.readFileSync(file)) });
    }
  }
  return { files, missing };
}

function walk(target: string): string[] {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return [target];
  return fs
    .readdirSync(target)
    .filter((name) => !name.startsWith("."))
    .sort()
    .flatMap((name) => walk(path.join(target, name)));
}
