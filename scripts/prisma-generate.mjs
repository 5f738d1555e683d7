// Runs `prisma generate` even offline. The Prisma CLI wants a native schema engine
// for every command and downloads it when missing; generate never uses it, and the
// CLI accepts any existing file named by PRISMA_SCHEMA_ENGINE_BINARY. Online users
// who already have the engine are unaffected.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(import.meta.url);
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
env.CHECKPOINT_DISABLE = "1";

execFileSync("npx", ["prisma", "generate", "--config", "prisma/prisma.config.ts"], {
  stdio: "inherit",
  env,
});
