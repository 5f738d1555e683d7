import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Packages with native/wasm assets or dynamic requires stay outside the bundle.
  serverExternalPackages: [
    "pg",
    "pg-boss",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@electric-sql/pglite-pgvector",
    "@prisma/adapter-pg",
  ],
  // The launcher and tests build into separate folders so a dev server and an e2e build can coexist.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  poweredByHeader: false,
};

export default nextConfig;
