import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { missingOptionalPackages } from "./check-lockfile.mjs";

type Lock = { packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }> };

const lock = () => JSON.parse(readFileSync("package-lock.json", "utf8")) as Lock;
const scratchDirs: string[] = [];

afterEach(() => {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("lockfile check", () => {
  it("finds every platform build of next, tailwind and the resolver in the committed lockfile", () => {
    const current = lock();
    expect(missingOptionalPackages(current)).toEqual([]);
    // The packages whose absence once made `npm ci` refuse the lockfile on every machine.
    for (const name of [
      "@next/swc-darwin-arm64",
      "@next/swc-win32-x64-msvc",
      "@tailwindcss/oxide-darwin-arm64",
      "@tailwindcss/oxide-wasm32-wasi",
      "@unrs/resolver-binding-darwin-arm64",
    ]) {
      expect(current.packages[`node_modules/${name}`], name).toBeDefined();
    }
  });

  it("names a platform package that is missing, also one nested under its parent", () => {
    const current = lock();
    delete current.packages["node_modules/@next/swc-darwin-arm64"];
    expect(missingOptionalPackages(current)).toEqual(["node_modules/next -> @next/swc-darwin-arm64"]);
    const nested: Lock = {
      packages: {
        "": {},
        "node_modules/a": { optionalDependencies: { b: "1" } },
        "node_modules/a/node_modules/b": { version: "1" },
      },
    };
    expect(missingOptionalPackages(nested)).toEqual([]);
  });

  it("fails, as CI runs it, when the lockfile lacks an optional package", { timeout: 60_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lockfile-drift-"));
    scratchDirs.push(dir);
    copyFileSync("package.json", path.join(dir, "package.json"));
    const drifted = lock();
    delete drifted.packages["node_modules/@tailwindcss/oxide-darwin-x64"];
    writeFileSync(path.join(dir, "package-lock.json"), `${JSON.stringify(drifted, null, 2)}\n`);
    const run = spawnSync(process.execPath, ["scripts/check-lockfile.mjs", dir], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("node_modules/@tailwindcss/oxide -> @tailwindcss/oxide-darwin-x64");
    expect(run.stderr).toContain("npm ci --dry-run refuses the lockfile");
  });
});
