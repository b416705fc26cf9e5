import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { fromIyzicoPrice, isWireSafeAmount, toIyzicoPrice } from "./amounts";

// The official client's own price formatting, which runs on everything we send.
const { formatPrice } = createRequire(import.meta.url)("iyzipay/lib/utils") as {
  formatPrice: (price: string) => string;
};

describe("amounts on iyzico's wire", () => {
  it(
    "writes prices as the client does (iyzipay-node test/unit/UtilsTest.js: '22.00' -> '22.0', '15.340000' -> " +
      "'15.34')",
    () => {
      for (const [ours, wire] of [
        ["22.00", "22.0"],
        ["15.34", "15.34"],
        ["1250.70", "1250.7"],
        ["0.05", "0.05"],
        ["9999999999999.99", "9999999999999.99"],
      ] as const) {
        expect(toIyzicoPrice(ours)).toBe(wire);
        // What the client does to it (parseFloat) leaves it unchanged: nothing is rounded on the way out.
        expect(formatPrice(toIyzicoPrice(ours))).toBe(wire);
        expect(formatPrice(ours)).toBe(wire);
      }
    },
  );

  it("refuses amounts a double cannot carry exactly, before any call", () => {
    expect(isWireSafeAmount("9999999999999.99")).toBe(true);
    expect(isWireSafeAmount("99999999999999.99")).toBe(false);
    expect(isWireSafeAmount("10.5")).toBe(false);
    expect(() => toIyzicoPrice("12345678901234567.89")).toThrow(RangeError);
  });

  it("reads iyzico's numbers and strings back as two-decimal strings", () => {
    expect(fromIyzicoPrice(10.5)).toBe("10.50");
    expect(fromIyzicoPrice(100)).toBe("100.00");
    expect(fromIyzicoPrice("1250.70000000")).toBe("1250.70");
    expect(fromIyzicoPrice(9999999999999.99)).toBe("9999999999999.99");
    expect(fromIyzicoPrice(0.001)).toBeNull();
    expect(fromIyzicoPrice(-1)).toBeNull();
    expect(fromIyzicoPrice("1e3")).toBeNull();
    expect(fromIyzicoPrice(null)).toBeNull();
  });
});
