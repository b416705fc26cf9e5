import { describe, expect, it } from "vitest";
import { createProfileLines } from "./report-profiles";
import type { CreateProfile } from "./profile-table";

const profile = (concurrency: number, groups: [string, number][]): CreateProfile => ({
  workers: 1,
  concurrency,
  seconds: 5,
  creates: 100,
  intervalUs: 1000,
  sampledMs: groups.reduce((a, [, ms]) => a + ms, 0),
  idleMs: 0,
  lateSamples: 0,
  groups: groups.map(([group, ms]) => ({ group, ms })),
  top: [{ name: "parse schemas.js:1", group: "zod", where: "schemas.js:1", ms: 50 }],
  file: `bench/results/profile-1-creates-c${concurrency}.cpuprofile`,
});

const cells = (line: string) => line.slice(52).trim().split(/\s+/);

describe("the report's table of a create's CPU by group", () => {
  const c16 = profile(16, [
    ["Next", 150],
    ["zod", 50],
  ]);
  const c1 = profile(1, [
    ["zod", 100],
    ["pino", 100],
  ]);
  // c=1 measured at 4 ms a create, c=16 not measured: its column is the profile's own 2 ms a create.
  const lines = createProfileLines([c16, c1], (c) => (c === 1 ? { total: 10, cpuMsPerRequest: 4 } : undefined));

  it("puts c=1 before c=16 and marks a column without a measured run as sampled", () => {
    const header = lines.find((l) => l.startsWith("group"))!;
    expect(header.indexOf("c=1")).toBeLessThan(header.indexOf("c=16 sampled"));
  });

  it("prints each group's ms per create and share, a blank where a profile did not see it", () => {
    const row = (group: string) => cells(lines.find((l) => l.startsWith(group))!);
    expect(row("Next")).toEqual(["-", "1.500", "75.0%"]);
    expect(row("zod")).toEqual(["2.000", "50.0%", "0.500", "25.0%"]);
    expect(row("pino")).toEqual(["2.000", "50.0%", "-"]);
    expect(row("sum")).toEqual(["4.000", "2.000"]);
    expect(row("measured app CPU per create")).toEqual(["4.000", "-"]);
  });

  it("lists the top functions of the highest concurrency, and where the raw profiles are", () => {
    const at = lines.findIndex((l) => l.includes("top functions at c=16"));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/^ +0\.500 +25\.0% +parse schemas\.js:1 +zod$/);
    expect(lines.at(-1)).toContain("bench/results/profile-1-creates-c1.cpuprofile");
  });

  it("prints nothing without profiles", () => {
    expect(createProfileLines([], () => undefined)).toEqual([]);
  });
});
