import { describe, expect, it } from "vitest";
import { feeOf, feeReversal, negate, sumAmounts } from "./fee";

describe("feeOf: round_half_up(amount × percent / 100, 2) + fixed", () => {
  it.each([
    // amount, percent, fixed, fee
    ["1000.00", "1.5", "1.00", "16.00"],
    ["333.33", "1.5000", "1.00", "6.00"], // 4.99995 -> 5.00
    ["333.33", "0.5", "0", "1.67"], // 1.66665 -> 1.67
    ["500.00", "0.75", "2.00", "5.75"],
    ["200.00", "2.9", "0.25", "6.05"],
    // Exactly half a cent goes up (banker's rounding would give 0.02 and 0.00).
    ["1.00", "2.5", "0", "0.03"],
    ["1.00", "0.5", "0", "0.01"],
    ["3.00", "0.5", "0", "0.02"], // 0.015 -> 0.02
    ["100.30", "1.5", "0", "1.50"], // 1.5045 -> 1.50
    ["0.01", "1.0", "0", "0.00"],
    ["0.01", "50", "0", "0.01"], // 0.005 -> 0.01
    ["10", "0", "2.50", "2.50"],
    ["5.00", "0", "7.00", "7.00"], // a fixed fee above the amount is not capped
    ["9999999999999999.99", "100", "0", "9999999999999999.99"], // no float on the way
    ["1234567.89", "0.0001", "0", "1.23"], // 1.23456789 -> 1.23
    ["1234567.89", "1.2345", "0.10", "15240.84"], // 15240.7406... -> 15240.74, + 0.10
  ])("%s at %s%% + %s is %s", (amount, percent, fixed, fee) => {
    expect(feeOf(amount, { percent, fixed })).toBe(fee);
  });

  it("refuses what is not an amount or a percentage", () => {
    expect(() => feeOf("1.005", { percent: "1", fixed: "0" })).toThrow();
    expect(() => feeOf("-1.00", { percent: "1", fixed: "0" })).toThrow();
    expect(() => feeOf("1.00", { percent: "1.00001", fixed: "0" })).toThrow();
  });
});

describe("feeReversal: refunds reverse the payment's fee in proportion, exactly in total", () => {
  it.each([
    // fee, payment, refunded before, refunded after, reversed
    ["6.05", "200.00", "0", "50.00", "1.51"], // 1.5125 -> 1.51
    ["1.20", "200.00", "0", "50.00", "0.30"],
    ["6.05", "200.00", "50.00", "200.00", "4.54"], // the rest: 6.05 - 1.51
    ["6.05", "200.00", "0", "200.00", "6.05"],
    ["0.01", "3.00", "0", "1.00", "0.00"], // 0.00333 -> 0.00
    ["0.01", "3.00", "1.00", "2.00", "0.01"], // 0.00667 -> 0.01, less 0.00
    ["0.01", "3.00", "2.00", "3.00", "0.00"], // the whole fee is back: 0.01 - 0.01
  ])("fee %s of %s, refunded %s -> %s: %s", (fee, payment, before, after, reversed) => {
    expect(feeReversal(fee, payment, before, after)).toBe(reversed);
  });

  it("three refunds in thirds give back exactly the fee", () => {
    const parts = [
      feeReversal("10.00", "90.00", "0", "30.00"),
      feeReversal("10.00", "90.00", "30.00", "60.00"),
      feeReversal("10.00", "90.00", "60.00", "90.00"),
    ];
    expect(parts).toEqual(["3.33", "3.34", "3.33"]);
    expect(sumAmounts(parts)).toBe("10.00");
  });
});

describe("sums and signs", () => {
  it("adds and negates decimal strings exactly", () => {
    expect(sumAmounts(["0.10", "0.20", "-0.30"])).toBe("0.00");
    expect(sumAmounts(["1000.00", "-979.00", "-16.00", "-5.00"])).toBe("0.00");
    expect(negate("16.00")).toBe("-16.00");
    expect(negate("-0.05")).toBe("0.05");
  });
});
