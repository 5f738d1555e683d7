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
  poweredByHeader: false,
};

export default nextConfig;
