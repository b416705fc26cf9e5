import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { gateByLoad, loadNote, machineBusyMs, othersOf, watchLoad, type SectionLoad } from "./load-watch";
import { treeCpu } from "./process-cpu";
import type { TargetLine } from "./targets";

const lines: TargetLine[] = [
  { figure: "app CPU per create, ms", value: "2.10", target: "<= 2.5", verdict: "met" },
  { figure: "open-loop creates p99, ms", value: "70.0", target: "<= 50", verdict: "missed" },
  { figure: "callbacks/s", value: "-", target: ">= 3000", verdict: "not measured" },
];
const quiet: SectionLoad = { before: 1.2, max: 3.4, cores: 2, others: 0.05, othersPeak: 0.12 };

describe("the bench's load gate", () => {
  it("reports no target as met from a section during which other work took a twentieth of the machine", () => {
    const busy = { ...quiet, others: 0.14 };
    const gated = gateByLoad(lines, busy);
    expect(gated.map((l) => l.verdict)).toEqual(["not measured", "missed", "not measured"]);
    expect(gated[0]!.value).toBe("2.10 (other work 0.14 cores)");
    expect(loadNote(busy)).toContain("not quiet");
  });

  it("... or 15% of it in one 5-second window (a build starting beside the run)", () => {
    expect(gateByLoad(lines, { ...quiet, othersPeak: 0.37 })[0]!.verdict).toBe("not measured");
  });

  it("leaves the verdicts of a quiet section as they are, whatever the bench's own load average", () => {
    expect(gateByLoad(lines, quiet)).toEqual(lines);
    expect(gateByLoad(lines, undefined)).toEqual(lines);
    expect(loadNote(quiet)).not.toContain("not quiet");
  });

  it("finds the busiest 5-second window among cumulative samples", () => {
    // 1 s apart: quiet, then 1.5 cores of other work for 5 s, then quiet again.
    const samples = [0, 0, 0, 1500, 3000, 4500, 6000, 7500, 7500, 7500, 7500].map((othersMs, i) => ({
      at: i * 1000,
      othersMs,
    }));
    expect(othersOf(samples)).toEqual({ others: 0.75, othersPeak: 1.5 });
    expect(othersOf(samples.slice(0, 3))).toEqual({ others: 0, othersPeak: 0 });
  });

  it("counts a reaped child's CPU as the bench's own, not as other work", () => {
    const own = () => treeCpu(process.pid, { reaped: "all" }).cpuMs;
    const before = own();
    const busyBefore = machineBusyMs();
    // About 600 ms of CPU in a child process, reaped before it returns.
    spawnSync(process.execPath, ["-e", "const t = Date.now(); while (Date.now() - t < 600);"]);
    expect(own() - before).toBeGreaterThan(400);
    expect(machineBusyMs() - busyBefore).toBeGreaterThan(400);
  });

  it("samples a section and hands back its result", async () => {
    const [result, load] = await watchLoad("probe", () => Promise.resolve(42));
    expect(result).toBe(42);
    expect(load.max).toBeGreaterThanOrEqual(load.before);
    expect(load.others).toBeGreaterThanOrEqual(0);
  });
});
