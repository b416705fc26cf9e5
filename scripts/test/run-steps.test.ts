import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runSteps, type Step } from "./run-steps";

const logs = mkdtempSync(path.join(tmpdir(), "run-steps-"));
afterAll(() => rmSync(logs, { recursive: true, force: true }));

/** A step that prints its name, waits `ms` and exits with `code`. */
const step = (name: string, ms: number, extra: Partial<Step> = {}, code = 0): Step => ({
  name,
  command: [
    process.execPath,
    "-e",
    `console.log("hello from ${name}"); setTimeout(() => process.exit(${code}), ${ms})`,
  ],
  cores: 1,
  ...extra,
});

async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    return await run();
  } finally {
    write.mockRestore();
  }
}

const overlap = (a: { startedAt: number; endedAt: number }, b: { startedAt: number; endedAt: number }) =>
  a.startedAt < b.endedAt && b.startedAt < a.endedAt;

describe("runSteps", () => {
  it("runs steps side by side as far as the cores go, and a step after the ones it needs", async () => {
    const results = await quietly(() =>
      runSteps(
        [
          step("first", 400),
          step("beside", 400),
          step("needs first", 100, { after: ["first"] }),
          step("whole machine", 100, { cores: 2 }),
        ],
        2,
        logs,
      ),
    );
    const [first, beside, needsFirst, whole] = results;
    expect(results.map((r) => r.outcome)).toEqual(["PASS", "PASS", "PASS", "PASS"]);
    expect(overlap(first!, beside!)).toBe(true);
    expect(needsFirst!.startedAt).toBeGreaterThanOrEqual(first!.endedAt);
    // Two cores' worth runs alone.
    for (const other of [first!, beside!, needsFirst!]) expect(overlap(whole!, other)).toBe(false);
    expect(readFileSync(path.join(logs, "beside.log"), "utf8")).toBe("hello from beside\n");
  });

  it("keeps to the order: a step that does not fit yet holds back the smaller ones after it", async () => {
    const [running, big, small] = await quietly(() =>
      runSteps([step("running", 400), step("big", 100, { cores: 1.5 }), step("small", 100, { cores: 0.5 })], 2, logs),
    );
    expect(big!.startedAt).toBeGreaterThanOrEqual(running!.endedAt);
    expect(small!.startedAt).toBeGreaterThanOrEqual(running!.endedAt);
    expect(overlap(big!, small!)).toBe(true);
  });

  it("skips what waits for a step that failed, and fails a step whose report counts a failure", async () => {
    const results = await quietly(() =>
      runSteps(
        [
          step("breaks", 10, {}, 1),
          step("after it", 10, { after: ["breaks"] }),
          step("reports one failure", 10, { counts: () => ({ passed: 3, failed: 1, failures: ["x"] }) }),
          step("no report", 10, {
            counts: () => {
              throw new Error("missing");
            },
          }),
          step("built nothing", 10, { produced: () => false }),
        ],
        4,
        logs,
      ),
    );
    expect(results.map((r) => [r.name, r.outcome, r.note ?? ""])).toEqual([
      ["breaks", "FAIL", ""],
      ["after it", "SKIP", "breaks did not pass"],
      ["reports one failure", "FAIL", ""],
      ["no report", "FAIL", "no report"],
      ["built nothing", "FAIL", "its output is missing"],
    ]);
  });

  it("refuses a plan whose steps wait for a step it does not have", async () => {
    await expect(runSteps([step("a", 1, { after: ["b"] })], 2, logs)).rejects.toThrow(/waits for "b"/);
  });
});
