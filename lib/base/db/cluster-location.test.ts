import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { forgetDeletedCheckouts } from "./cluster-location";

const root = mkdtempSync(path.join(tmpdir(), "pis-shared-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A shared data directory as clusterLocation leaves one: the folder, and beside it the checkout it belongs to. */
function dataOf(name: string, checkout: string | null, running = false): string {
  const dir = path.join(root, `data-${name}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
  if (running) writeFileSync(path.join(dir, "postmaster.pid"), "1234\n");
  if (checkout !== null) writeFileSync(`${dir}.checkout`, `${checkout}\n`);
  return dir;
}

describe("the embedded database's shared data of deleted checkouts", () => {
  it("is removed once its checkout is gone, and only then", () => {
    const living = mkdtempSync(path.join(root, "clone-"));
    const gone = dataOf("gone", path.join(root, "deleted-clone", ".data", "pg"));
    const kept = dataOf("kept", living);
    const running = dataOf("running", path.join(root, "another-deleted-clone"), true);
    const unrecorded = dataOf("unrecorded", null);
    expect(forgetDeletedCheckouts(root)).toEqual([gone]);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(`${gone}.checkout`)).toBe(false);
    for (const dir of [kept, running, unrecorded]) expect(existsSync(dir)).toBe(true);
    expect(forgetDeletedCheckouts(root)).toEqual([]);
  });
});
