// Runs the fake OpenAI server as its own process (for e2e tests and manual runs):
//   tsx test/fake-openai/cli.ts [--port 4010] [--scripts scenario.json] [--unscripted minimal|error]
// Prints `FAKE_OPENAI_URL=<base url>` once listening; stops on SIGINT/SIGTERM.
// Without --scripts every chat request gets a minimal valid reply; with it, unscripted prompt
// ids get a 400 unless --unscripted minimal is given. See README.md for the scenario format.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startFakeOpenAi } from "./server";
import type { FakeOpenAiOptions, ScriptedResponse, UnscriptedMode } from "./types";

/** Scenario file: scripts by prompt id plus optional server options. */
interface ScenarioFile extends Omit<FakeOpenAiOptions, "port" | "host"> {
  scripts?: Record<string, ScriptedResponse[]>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      scripts: { type: "string" },
      unscripted: { type: "string" },
    },
  });
  // A standalone test tool, outside the app (lib/env is the app's config).
  const port = Number(values.port ?? process.env.PORT ?? 0);
  const scenario: ScenarioFile = values.scripts ? JSON.parse(await readFile(values.scripts, "utf8")) : {};
  const unscripted = (values.unscripted ?? scenario.unscripted ?? (values.scripts ? "error" : "minimal")) as UnscriptedMode;
  if (unscripted !== "error" && unscripted !== "minimal") throw new Error(`--unscripted must be "error" or "minimal", got "${unscripted}"`);

  const fake = await startFakeOpenAi({ ...scenario, port, host: values.host, unscripted });
  console.log(`FAKE_OPENAI_URL=${fake.url}`);
  const stop = () => {
    void fake.close().finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
