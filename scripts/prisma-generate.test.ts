import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), "prisma-generate-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("prisma generate", () => {
  it("reaches no network, not even with CHECKPOINT_DISABLE unset by the caller", { timeout: 120_000 }, async () => {
    // A scratch copy, so the checkout's generated client is left alone while other tests use it.
    for (const part of ["package.json", "prisma", "scripts/prisma-generate.mjs"])
      cpSync(path.join(root, part), path.join(scratch, part), { recursive: true });
    symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"));
    const log = path.join(scratch, "network.log");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NO_NETWORK_LOG: log,
      NODE_OPTIONS: `--import ${path.join(root, "e2e/support/no-network.mjs")}`,
    };
    delete env.CHECKPOINT_DISABLE;
    const run = spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], { cwd: scratch, env, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(path.join(scratch, "lib/generated/prisma/client.ts"))).toBe(true);
    // The CLI's update check runs in a detached child that may outlive the CLI: give it time to try.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(existsSync(log) ? readFileSync(log, "utf8") : "").toBe("");
  });
});
