// `npm run cli -- …` as a user runs it: a real process against the test database (the vitest
// global setup provides its URL), with only PATH and HOME from this environment.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/cli.ts", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", DEBRIEF_EMBEDDED_DATABASE_URL: inject("databaseUrl"), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as CliResult;
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** The last line of stdout as JSON: `--json` output comes last, after any progress lines. */
export function lastJsonLine(stdout: string): unknown {
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}
