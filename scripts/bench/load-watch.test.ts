import { describe, expect, it } from "vitest";
import { gateByLoad, loadNote, watchLoad } from "./load-watch";
import type { TargetLine } from "./targets";

const lines: TargetLine[] = [
  { figure: "app CPU per create, ms", value: "2.10", target: "<= 2.5", verdict: "met" },
  { figure: "open-loop creates p99, ms", value: "70.0", target: "<= 50", verdict: "missed" },
  { figure: "callbacks/s", value: "-", target: ">= 3000", verdict: "not measured" },
];

describe("the bench's load gate", () => {
  it("reports no target as met from a section run while the load average exceeded the cores", () => {
    const gated = gateByLoad(lines, { before: 1.2, max: 3.4, cores: 2 });
    expect(gated.map((l) => l.verdict)).toEqual(["not measured", "missed", "not measured"]);
    expect(gated[0]!.value).toBe("2.10 (load 3.4)");
    expect(loadNote({ before: 1.2, max: 3.4, cores: 2 })).toContain("busier than its cores");
  });

  it("leaves the verdicts of a quiet section as they are", () => {
    expect(gateByLoad(lines, { before: 0.3, max: 1.9, cores: 2 })).toEqual(lines);
    expect(gateByLoad(lines, undefined)).toEqual(lines);
  });

  it("samples the load around a section and hands back its result", async () => {
    const [result, load] = await watchLoad("probe", () => Promise.resolve(42));
    expect(result).toBe(42);
    expect(load.max).toBeGreaterThanOrEqual(load.before);
    expect(load.cores).toBeGreaterThan(0);
  });
});
