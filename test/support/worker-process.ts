// Runs `scripts/worker.ts` as a real separate process (as `npm run worker` does), so tests can
// kill it like a crash and start another one.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  ready: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  // Node itself (not the tsx wrapper, which forks) so a SIGKILL really kills the worker.
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    // Only what the worker needs: no DATABASE_URL leaks in from the developer's shell.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    child.stdout!.on("data", () => {
      if (output.includes("[worker] ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
  });
  return {
    child,
    output: () => output,
    ready,
    kill: (signal = "SIGKILL") =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
