import { defineConfig } from "prisma/config";

// The datasource URL is only needed by `prisma migrate deploy` where the native engine exists;
// this project applies migrations with scripts/db-migrate.ts (Prisma's WASM schema engine).
export default defineConfig({
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unset" },
});
