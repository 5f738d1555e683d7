// Prisma CLI config (Prisma 7 moved the datasource URL here). The app itself never
// reads it: connections go through lib/db/client.ts with the pg driver adapter.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/debrief" },
});
