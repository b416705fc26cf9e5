import { describe, expect, it } from "vitest";
import { dayRange } from "./date-range";

describe("dayRange", () => {
  it("is empty without either day", () => {
    expect(dayRange()).toBeUndefined();
  });

  it("covers whole calendar days in the service zone, both ends included", () => {
    // APP_TIME_ZONE defaults to Europe/Istanbul (UTC+3 all year).
    expect(dayRange("2026-11-01", "2026-11-30")).toEqual({
      gte: new Date("2026-10-31T21:00:00Z"),
      lt: new Date("2026-11-30T21:00:00Z"),
    });
    expect(dayRange(undefined, "2026-12-31")).toEqual({ lt: new Date("2026-12-31T21:00:00Z") });
    expect(dayRange("2027-01-01")).toEqual({ gte: new Date("2026-12-31T21:00:00Z") });
  });
});
