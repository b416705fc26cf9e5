// Fails (exit 1) when package-lock.json has drifted from package.json, so `npm ci` (CI, the Dockerfile)
// would refuse it or install something else than what was tested:
//   1. every optional dependency a locked package declares (the platform builds of next, tailwind, ...)
//      has its own entry: npm silently leaves out those the registry could not resolve, and `npm ci`
//      then refuses the whole lockfile on every machine;
//   2. `npm ci --dry-run` accepts the lockfile;
//   3. `npm install --package-lock-only` in a scratch copy leaves it byte for byte as it is.
// Usage: node scripts/check-lockfile.mjs [DIR] (default: the checkout this script belongs to).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where node would find `name` from the package at `from` (a lockfile key), or null. */
function resolveIn(packages, from, name) {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

/** "parent -> dependency" for every declared optional dependency without a lockfile entry. */
export function missingOptionalPackages(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [key, entry] of Object.entries(packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveIn(packages, key, name)) missing.push(`${key || "(root)"} -> ${name}`);
    }
  }
  return missing;
}

function npm(args, cwd) {
  return spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CHECKPOINT_DISABLE: "1", npm_config_audit: "false", npm_config_fund: "false" },
  });
}

export function checkLockfile(dir) {
  const problems = [];
  const lockFile = path.join(dir, "package-lock.json");
  const original = readFileSync(lockFile, "utf8");
  const missing = missingOptionalPackages(JSON.parse(original));
  if (missing.length) problems.push(`optional packages missing from package-lock.json:\n  ${missing.join("\n  ")}`);

  const dryRun = npm(["ci", "--dry-run", "--ignore-scripts"], dir);
  if (dryRun.status !== 0)
    problems.push(
      `npm ci --dry-run refuses the lockfile:\n${dryRun.stderr
        .split("\n")
        .filter((l) => l.startsWith("npm error"))
        .slice(0, 15)
        .join("\n")}`,
    );

  const scratch = mkdtempSync(path.join(tmpdir(), "lockfile-check-"));
  try {
    copyFileSync(path.join(dir, "package.json"), path.join(scratch, "package.json"));
    copyFileSync(lockFile, path.join(scratch, "package-lock.json"));
    const relock = npm(["install", "--package-lock-only", "--ignore-scripts"], scratch);
    if (relock.status !== 0) problems.push(`npm install --package-lock-only failed:\n${relock.stderr.slice(-2000)}`);
    else if (readFileSync(path.join(scratch, "package-lock.json"), "utf8") !== original) {
      problems.push(
        "npm install --package-lock-only changes package-lock.json: run it, check the diff and commit the lockfile",
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const problems = checkLockfile(dir);
  if (problems.length) {
    console.error(`package-lock.json has drifted from package.json:\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  console.log("package-lock.json is complete and in sync with package.json.");
}
