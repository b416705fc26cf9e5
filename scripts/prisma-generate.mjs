// `prisma generate` never runs the schema engine, but the CLI insists the engine file exists; it cannot
// be downloaded here, so point it at a file that does.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const packageJson = fileURLToPath(new URL("../package.json", import.meta.url));
const result = spawnSync("npx", ["prisma", "generate", "--config", "prisma/prisma.config.ts"], {
  stdio: process.env.PRISMA_GENERATE_VERBOSE ? "inherit" : ["ignore", "ignore", "inherit"],
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || packageJson, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
process.exit(result.status ?? 1);
