// The image's last dependency step, after `npm ci --omit=dev`: removes every installed package that
// production cannot reach. npm installs a package's peer dependencies even under --omit=dev, so
// @prisma/client's peers, the Prisma CLI and TypeScript (with the CLI's own tree: its config loader, its
// local development database, its studio; about 300 MB), land in the image though nothing at run time
// loads them: the server runs the generated client bundled into dist/, and migrations run through
// @prisma/schema-engine-wasm. What stays is the closure of package.json's dependencies through each
// package's dependencies, optional dependencies and required peers, less the peers named below.
//
//   node scripts/prune-production-deps.mjs [--dry-run]
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/** Peers npm adds that production never loads: the Prisma CLI and the TypeScript compiler. */
const NEVER_AT_RUN_TIME = new Set(["prisma", "typescript"]);

const root = process.cwd();
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
const packages = lock.packages;

/** Where node would find `name` from the package installed at `from` (a lockfile key). */
function resolve(from, name) {
  for (let dir = from; ; dir = dir.includes("/node_modules/") ? dir.slice(0, dir.lastIndexOf("/node_modules/")) : "") {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

const keep = new Set();
const queue = [""];
while (queue.length) {
  const at = queue.pop();
  const entry = packages[at];
  if (!entry) continue;
  const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {})];
  for (const [name] of Object.entries(entry.peerDependencies ?? {})) {
    if (entry.peerDependenciesMeta?.[name]?.optional || NEVER_AT_RUN_TIME.has(name)) continue;
    names.push(name);
  }
  for (const name of names) {
    const found = resolve(at, name);
    if (found && !keep.has(found)) {
      keep.add(found);
      queue.push(found);
    }
  }
}

const removed = [];
for (const key of Object.keys(packages)) {
  if (!key || keep.has(key) || !existsSync(path.join(root, key))) continue;
  // A nested package goes with its parent's directory.
  if (removed.some((parent) => key.startsWith(`${parent}/`))) continue;
  removed.push(key);
}
const dryRun = process.argv.includes("--dry-run");
if (!dryRun) {
  for (const key of removed) rmSync(path.join(root, key), { recursive: true, force: true });
  // The removed packages' commands in node_modules/.bin now point nowhere.
  const bin = path.join(root, "node_modules", ".bin");
  if (existsSync(bin))
    for (const name of readdirSync(bin))
      if (!existsSync(path.join(bin, name))) rmSync(path.join(bin, name), { force: true });
}
console.log(
  `${dryRun ? "would remove" : "removed"} ${removed.length} packages production never loads${
    removed.length
      ? `: ${removed
          .map((k) => k.replace(/^node_modules\//, ""))
          .slice(0, 12)
          .join(", ")}${removed.length > 12 ? ", ..." : ""}`
      : ""
  }`,
);
