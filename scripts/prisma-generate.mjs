// `prisma generate` never runs the schema engine, but the CLI insists the engine file exists; it cannot
// be downloaded here, so point it at a file that does. Quiet unless it fails.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const packageJson = fileURLToPath(new URL("../package.json", import.meta.url));
const result = spawnSync("npx", ["prisma", "generate", "--config", "prisma/prisma.config.ts"], {
  encoding: "utf8",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || packageJson, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
}
process.exit(result.status ?? 1);
