import { describe, expect, it } from "vitest";
import { formatDateTime, formatIsoWithOffset, formatLocalIso, startOfLocalDay } from "./format";

const instant = new Date("2026-01-15T21:30:05.400Z");

describe("time formats", () => {
  it("renders YYYY-MM-DD HH:MM:SS in the service zone", () => {
    expect(formatDateTime(instant, "Europe/Istanbul")).toBe("2026-01-16 00:30:05");
    expect(formatDateTime(instant, "UTC")).toBe("2026-01-15 21:30:05");
  });

  it("renders ISO 8601 local and with offset", () => {
    expect(formatLocalIso(instant, "Europe/Istanbul")).toBe("2026-01-16T00:30:05");
    expect(formatIsoWithOffset(instant, "Europe/Istanbul")).toBe("2026-01-16T00:30:05+03:00");
    expect(formatIsoWithOffset(instant, "America/New_York")).toBe("2026-01-15T16:30:05-05:00");
    expect(formatIsoWithOffset(instant, "UTC")).toBe("2026-01-15T21:30:05+00:00");
  });
});

describe("startOfLocalDay", () => {
  it("is local midnight in the zone", () => {
    expect(startOfLocalDay("2026-11-22", "Europe/Istanbul").toISOString()).toBe("2026-11-21T21:00:00.000Z");
    expect(startOfLocalDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfLocalDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });
});
