import { describe, expect, it } from "vitest";
import { formatDateTime, formatIsoWithOffset, formatLocalIso } from "./format";

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
