import { describe, expect, it } from "vitest";
import { formatAge } from "./format-age";

describe("formatAge", () => {
  it("keeps the two largest units", () => {
    expect(formatAge(-5)).toBe("0 s");
    expect(formatAge(45_000)).toBe("45 s");
    expect(formatAge(12 * 60_000 + 59_000)).toBe("12 min");
    expect(formatAge(3 * 3600_000)).toBe("3 h");
    expect(formatAge(3 * 3600_000 + 5 * 60_000)).toBe("3 h 5 min");
    expect(formatAge(52 * 3600_000)).toBe("2 d 4 h");
    expect(formatAge(48 * 3600_000 + 30 * 60_000)).toBe("2 d");
  });

  it("uses the Turkish abbreviations in Turkish", () => {
    expect(formatAge(45_000, "tr")).toBe("45 sn");
    expect(formatAge(3 * 3600_000 + 5 * 60_000, "tr")).toBe("3 sa 5 dk");
    expect(formatAge(52 * 3600_000, "tr")).toBe("2 g 4 sa");
  });
});
