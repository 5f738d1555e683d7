import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");
const alias = {
  "@": root,
  // `server-only` throws outside React Server Components; tests are server code.
  "server-only": path.join(root, "test/setup/server-only-stub.ts"),
};

export default defineConfig({
  test: {
    root,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "int",
          include: ["test/int/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["test/setup/global-db.ts"],
          setupFiles: ["test/setup/db.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One embedded PGlite serves the whole run and serializes transactions; a few
          // files at a time keep it responsive. Files isolate by fresh ids, never by truncating.
          maxWorkers: 2,
        },
      },
    ],
  },
});
