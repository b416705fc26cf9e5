// `prisma generate` never runs the schema engine, but the CLI insists the engine file exists; it cannot
// be downloaded here, so point it at a file that does. CHECKPOINT_DISABLE keeps the CLI from starting its
// update check, a child process that reaches for the internet. Quiet unless it fails.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const packageJson = fileURLToPath(new URL("../package.json", import.meta.url));
// The project's own CLI, run by node directly: npx could go looking for it on the registry.
const prismaCli = createRequire(packageJson).resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [prismaCli, "generate", "--config", "prisma/prisma.config.ts"], {
  encoding: "utf8",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || packageJson,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
}
process.exit(result.status ?? 1);
