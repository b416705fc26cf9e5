import { describe, expect, it } from "vitest";
import { formatDecimal, pricePerUnit } from "./format-money";

describe("coin amounts and their rate", () => {
  it("formats a coin amount with all its places, in the page's language", () => {
    expect(formatDecimal("17.52", "tr")).toBe("17,52");
    expect(formatDecimal("17.52", "en")).toBe("17.52");
    expect(formatDecimal("1234.00123456", "tr")).toBe("1.234,00123456");
    expect(formatDecimal("0.00000001", "en")).toBe("0.00000001");
    expect(formatDecimal("100.00", "tr")).toBe("100,00");
    expect(formatDecimal("2500", "tr")).toBe("2.500");
    expect(formatDecimal("n/a", "tr")).toBe("n/a");
  });

  it("gives the lira price of one coin to two places, rounded half up, without floats", () => {
    expect(pricePerUnit("600.00", "17.52")).toBe("34.25");
    expect(pricePerUnit("3425.00", "100.00")).toBe("34.25");
    expect(pricePerUnit("100.00", "0.00123456")).toBe("81000.52");
    expect(pricePerUnit("9999999999999.99", "0.00000001")).toBe("999999999999999000000.00");
    expect(pricePerUnit("100.00", "0")).toBeNull();
    expect(pricePerUnit("100.00", "-1")).toBeNull();
  });
});
