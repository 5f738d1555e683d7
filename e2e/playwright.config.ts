// End-to-end tests: the production build (`next build` runs first in `npm run test:e2e`) served by
// the launcher on a fresh embedded database, with the LLM pointed at the fake OpenAI-compatible server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3107);
const FAKE_OPENAI_PORT = Number(process.env.E2E_FAKE_OPENAI_PORT ?? 4107);
const IS_CI = Boolean(process.env.CI);

// A fresh embedded database per run under .data/e2e (gitignored). The runner wipes it once; the
// config is evaluated again in each worker, which inherits the marker and must not wipe it.
export const E2E_DATA_DIR = path.join(ROOT, ".data", "e2e");
if (!process.env.DEBRIEF_E2E_DATA_READY) {
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  process.env.DEBRIEF_E2E_DATA_READY = "1";
}
const DATA_DIR = E2E_DATA_DIR;

const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const FAKE_OPENAI_URL = `http://127.0.0.1:${FAKE_OPENAI_PORT}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  // One app instance and one database serve every test, and some specs change shared state (settings,
  // jobs): run them one at a time rather than make every spec defend against the others.
  fullyParallel: false,
  workers: 1,
  forbidOnly: IS_CI,
  retries: IS_CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: ".report", open: "never" }]],
  use: {
    baseURL: APP_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    video: "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // Debian's Chromium: `npx playwright install` cannot download browsers here.
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      name: "fake-openai",
      command: "npx tsx test/fake-openai/cli.ts",
      cwd: ROOT,
      env: { PORT: String(FAKE_OPENAI_PORT) },
      url: `${FAKE_OPENAI_URL}/v1/models`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      name: "app",
      command: "npm start",
      cwd: ROOT,
      env: {
        PORT: String(APP_PORT),
        DEBRIEF_DATA_DIR: DATA_DIR,
        OPENAI_BASE_URL: `${FAKE_OPENAI_URL}/v1`,
        OPENAI_API_KEY: "test-key",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      // Ready only when the database and queue are up (the route answers 503 until then).
      url: `${APP_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      // Let the launcher stop the worker and close the embedded database cleanly.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
