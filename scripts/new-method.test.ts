import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run new:method` run for real into a copy of the project (the seventh-method trial of docs/architecture.md,
 * repeated on every run): after the scaffold the type check fails in exactly the files a person must still
 * write (the method's words in both languages and the sandbox's payment details for the new gateway family),
 * and nowhere else: the kind's sandbox gateway is written by the scaffold. Refusals write nothing.
 */

const project = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(project, "node_modules/.bin", name);
let root = "";

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { encoding: "utf8", cwd: root, env: { ...process.env, CHECKPOINT_DISABLE: "1" } });
const scaffold = (...args: string[]) =>
  run(bin("tsx"), [path.join(project, "scripts/new-method.ts"), ...args, "--root", root]);

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "new-method-"));
  const entries = ["lib", "app", "components", "e2e", "scripts", "prisma", "proxy.ts", "instrumentation.ts"];
  for (const entry of [...entries, "package.json", "tsconfig.json", "next-env.d.ts"].filter((e) =>
    existsSync(path.join(project, e)),
  ))
    cpSync(path.join(project, entry), path.join(root, entry), {
      recursive: true,
      filter: (from) => !from.includes(`${path.sep}.`) && !from.includes(`${path.sep}generated${path.sep}`),
    });
  symlinkSync(path.join(project, "node_modules"), path.join(root, "node_modules"));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("npm run new:method", () => {
  it("refuses a bad name, an unknown shape or a taken prefix, writing nothing", () => {
    const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
    for (const args of [
      ["Papara", "--kind", "wallet"],
      ["papara", "--kind", "cheque"],
      ["bankx", "--kind", "bank"],
    ]) {
      const refused = scaffold(...args);
      expect(refused.status, refused.stdout).toBe(2);
      expect(refused.stderr.trim()).not.toBe("");
    }
    expect(readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")).toBe(schema);
    // Three runs of tsx: seconds each on a loaded two-core machine, beyond the default 5.
  }, 60_000);

  it("defines and registers a wallet method with a sandbox gateway, no migration; the type check then names only its words", () => {
    const done = scaffold("papara", "--kind", "wallet", "--label", "Papara");
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain("lib/domain/payment-methods/tp-papara/method.ts");
    // No migration: the schema is untouched, the database takes the registry's keys when an entry point migrates.
    expect(readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")).toBe(
      readFileSync(path.join(project, "prisma/schema.prisma"), "utf8"),
    );
    // Payable in the sandbox from the first run: the kind's own sandbox gateway, a wallet account's fields.
    expect(readFileSync(path.join(root, "lib/domain/third-party/sandbox-gateway-catalog.ts"), "utf8")).toMatch(
      /\n {2}papara: \[\n {4}\{\n {6}name: "Sandbox Papara",\n {6}code: "sandbox-papara",[^\]]*requiredFields: \["wallet_number"\]/,
    );

    // The copy leaves the generated client out: generated again, from the same schema.
    const generate = run(process.execPath, [path.join(root, "scripts/prisma-generate.mjs")]);
    expect(generate.status, generate.stderr).toBe(0);
    const check = run(bin("tsc"), ["--noEmit", "-p", root, "--incremental", "false"]);
    const named = [...new Set([...check.stdout.matchAll(/^([^\s(]+)\(\d+,\d+\): error/gm)].map((m) => m[1]))].sort();
    expect(named).toEqual(["lib/edge/i18n/methods/en.ts", "lib/edge/i18n/methods/tr.ts"]);
  }, 400_000);
});
