import { describe, expect, it } from "vitest";
import { consoleDay, consoleTime, formatCount } from "./format";

describe("consoleTime", () => {
  const instant = new Date("2026-11-22T06:15:09Z");

  it("shows the service zone's time, sortable in English and the tr-TR way in Turkish", () => {
    expect(consoleTime(instant, "en")).toBe("2026-11-22 09:15:09");
    expect(consoleTime(instant)).toBe("2026-11-22 09:15:09");
    expect(consoleTime(instant, "tr")).toBe("22.11.2026 09:15:09");
    expect(consoleTime(null, "tr")).toBe("—");
  });
});

describe("formatCount", () => {
  it("groups digits by language", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(12345, "tr")).toBe("12.345");
  });
});

describe("consoleDay", () => {
  it("writes a day the language's way", () => {
    expect(consoleDay("2026-11-24", "en")).toBe("2026-11-24");
    expect(consoleDay("2026-11-24", "tr")).toBe("24.11.2026");
    expect(consoleDay("not a day", "tr")).toBe("not a day");
  });
});
