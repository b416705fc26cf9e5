import { describe, expect, it } from "vitest";
import { isDue, passesOf } from "./reconcile-due-days";

const at = (iso: string) => new Date(iso);

describe("the reconciliation schedule (Istanbul, UTC+3)", () => {
  it("runs a day the morning after at six, and again two days later", () => {
    expect(passesOf("2026-12-05").map((d) => d.toISOString())).toEqual([
      "2026-12-06T03:00:00.000Z",
      "2026-12-08T03:00:00.000Z",
    ]);
  });

  it.each([
    ["before its first morning", undefined, "2026-12-06T02:59:00Z", false],
    ["on its first morning, never run", undefined, "2026-12-06T03:00:00Z", true],
    [
      "reconciled on the first pass",
      { state: "reconciled", reconciledAt: at("2026-12-06T03:01:00Z"), nextAttemptAt: null },
      "2026-12-07T10:00:00Z",
      false,
    ],
    [
      "the second pass",
      { state: "reconciled", reconciledAt: at("2026-12-06T03:01:00Z"), nextAttemptAt: null },
      "2026-12-08T03:00:00Z",
      true,
    ],
    [
      "after the second pass",
      { state: "reconciled", reconciledAt: at("2026-12-08T03:01:00Z"), nextAttemptAt: null },
      "2026-12-09T03:00:00Z",
      false,
    ],
    [
      "failed, before its retry",
      { state: "failed", reconciledAt: null, nextAttemptAt: at("2026-12-06T04:00:00Z") },
      "2026-12-06T03:30:00Z",
      false,
    ],
    [
      "failed, its retry due",
      { state: "failed", reconciledAt: null, nextAttemptAt: at("2026-12-06T04:00:00Z") },
      "2026-12-06T04:00:00Z",
      true,
    ],
    ["running elsewhere", { state: "running", reconciledAt: null, nextAttemptAt: null }, "2026-12-06T04:00:00Z", false],
  ])("%s", (_, run, now, due) => {
    expect(isDue("2026-12-05", run, at(now))).toBe(due);
  });
});
