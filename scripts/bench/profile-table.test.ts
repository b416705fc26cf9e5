import { describe, expect, it } from "vitest";
import { OTHER_THREADS, scaleProfile, sideBySide, type CreateProfile } from "./profile-table";

/** 1,000 sampled ms over 500 creates: 2 ms a create as sampled. */
const profile: CreateProfile = {
  workers: 1,
  concurrency: 16,
  seconds: 5,
  creates: 500,
  intervalUs: 1000,
  sampledMs: 1000,
  idleMs: 200,
  lateSamples: 100,
  groups: [
    { group: "Next", ms: 500 },
    { group: "zod", ms: 300 },
    { group: "garbage collection", ms: 200 },
  ],
  top: [{ name: "parse schemas.js:1", group: "zod", where: "schemas.js:1", ms: 100 }],
};

const round = (n: number) => Math.round(n * 1e9) / 1e9;
const sum = (rows: { msPerCreate: number }[]) => rows.reduce((a, r) => a + r.msPerCreate, 0);

describe("a create's CPU by group", () => {
  it("gives the main thread's measured CPU by the profile's shares, and the other threads a row of their own", () => {
    // Measured: 3 ms of app CPU a create, three quarters of it on the main thread.
    const scaled = scaleProfile(profile, {
      total: 1000,
      cpuMsPerRequest: 3,
      server: { threadsMs: { main: 2250, other: 750 } },
    });
    expect(scaled.basis).toBe("measured");
    expect(scaled.appCpuMsPerCreate).toBe(3);
    expect(scaled.rows.map((r) => [r.group, r.share, round(r.msPerCreate)])).toEqual([
      ["Next", 0.5, 1.125],
      [OTHER_THREADS, null, 0.75],
      ["zod", 0.3, 0.675],
      ["garbage collection", 0.2, 0.45],
    ]);
    expect(sum(scaled.rows)).toBeCloseTo(3, 10);
    expect(scaled.top[0]!.msPerCreate).toBeCloseTo(0.225, 10);
  });

  it("spreads the whole app CPU by the shares when the threads were not split (off Linux)", () => {
    const scaled = scaleProfile(profile, { total: 1000, cpuMsPerRequest: 3, server: { threadsMs: null } });
    expect(scaled.rows.map((r) => r.group)).not.toContain(OTHER_THREADS);
    expect(scaled.rows[0]).toEqual({ group: "Next", share: 0.5, msPerCreate: 1.5 });
    expect(sum(scaled.rows)).toBeCloseTo(3, 10);
  });

  it("falls back to the profile's own sampled ms per create, and says so, without a measured run", () => {
    for (const measured of [undefined, { total: 1000 }, { total: 0, cpuMsPerRequest: 3 }]) {
      const scaled = scaleProfile(profile, measured);
      expect(scaled.basis).toBe("sampled");
      expect(scaled.appCpuMsPerCreate).toBeNull();
      expect(sum(scaled.rows)).toBeCloseTo(2, 10);
    }
  });

  it("has no shares to give when nothing was sampled or nothing answered", () => {
    const empty = scaleProfile(
      { ...profile, sampledMs: 0, creates: 0, groups: [], top: [] },
      { total: 10, cpuMsPerRequest: 3 },
    );
    expect(empty).toMatchObject({ basis: "sampled", appCpuMsPerCreate: null, rows: [], top: [] });
  });

  it("lines up c=1 and c=16 by group, biggest at c=16 first, a group seen at one only left blank at the other", () => {
    const c1 = scaleProfile(
      {
        ...profile,
        groups: [
          { group: "zod", ms: 600 },
          { group: "pino", ms: 400 },
        ],
      },
      undefined,
    );
    const c16 = scaleProfile(profile, undefined);
    const table = sideBySide([c1, c16]);
    expect(table.map((r) => r.group)).toEqual(["Next", "zod", "garbage collection", "pino"]);
    expect(table[0]!.cells[0]).toBeNull();
    expect(table[1]!.cells.map((c) => round(c!.msPerCreate))).toEqual([1.2, 0.6]);
    expect(table[3]!.cells[1]).toBeNull();
  });
});
