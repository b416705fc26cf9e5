import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isAlive, ownedByAnother, recordedOwner, recordOwner, releaseOwner, stopPostmaster } from "./cluster-owner";

const dir = mkdtempSync(path.join(tmpdir(), "pis-owner-"));
const dataDir = path.join(dir, "pg");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process that has exited and been reaped: its pid names nobody. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }).stdout.trim());
}

describe("the embedded cluster's recorded owner", () => {
  it("is this process once recorded, forgotten when it releases, and dead owners do not count", () => {
    expect(recordedOwner(dataDir)).toBeNull();
    expect(ownedByAnother(dataDir)).toBe(false);
    recordOwner(dataDir);
    expect(recordedOwner(dataDir)).toBe(process.pid);
    expect(ownedByAnother(dataDir)).toBe(false);
    releaseOwner(dataDir);
    expect(recordedOwner(dataDir)).toBeNull();
    expect(isAlive(deadPid())).toBe(false);
    expect(isAlive(process.pid)).toBe(true);
  });

  it("stops a process that ignores SIGINT with SIGKILL once the grace period is over", async () => {
    const stubborn = spawn(
      process.execPath,
      ["-e", "process.on('SIGINT', () => {}); setInterval(() => {}, 1000); console.log('up')"],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    await new Promise((resolve) => stubborn.stdout.once("data", resolve));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      stubborn.once("exit", (_code, signal) => resolve(signal)),
    );
    const started = Date.now();
    await stopPostmaster(stubborn.pid!, 500);
    expect(await exited).toBe("SIGKILL");
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});
