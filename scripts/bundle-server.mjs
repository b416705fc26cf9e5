// The last step of `npm run build`: the custom server (scripts/server.ts), the operator CLI
// (scripts/admin.ts) and the migration job (scripts/db-migrate.ts) bundled into plain JavaScript,
// dist/server.js, dist/admin.js and dist/migrate.js, so the image runs
// them with node alone: no TypeScript loader (tsx) among its dependencies. Packages from node_modules stay
// imports (the production dependencies); the project's own modules ("@/..." and relative) are bundled in.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}dist`;
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { server: "scripts/server.ts", admin: "scripts/admin.ts", migrate: "scripts/db-migrate.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20", // the oldest Node the checkout supports (package.json engines); the image runs 24
  packages: "external",
  // tsconfig.json's "@/*" paths are read by esbuild itself.
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  // Stack traces in the logs name the TypeScript files and lines.
  banner: { js: "// Built by scripts/bundle-server.mjs from scripts/*.ts; run with node." },
  logLevel: "warning",
  // The entry points a fleet runs decide production mode without DATABASE_URL (lib/base/config/run-mode.ts): the
  // built migration job never migrates an embedded development database.
  define: { __BUILT_ENTRY_POINT__: "true" },
});
