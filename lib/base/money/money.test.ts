import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney } from "./format-money";
import { parseAmountInput } from "./parse-amount-input";

describe("formatMoney", () => {
  it("writes Turkish amounts the Turkish way with the lira's abbreviation", () => {
    expect(formatMoney("1500", "tr")).toBe("1.500,00\u00a0TL");
    expect(formatMoney("999.9", "tr")).toBe("999,90\u00a0TL");
    expect(formatMoney("-1000000.10", "tr")).toBe("-1.000.000,10\u00a0TL");
  });

  it("writes English amounts with English separators and the same currency word", () => {
    expect(formatMoney("1500", "en")).toBe("1,500.00\u00a0TL");
    expect(formatAmount("0")).toBe("0.00");
  });

  it("is exact for the largest sums (no float on the way)", () => {
    expect(formatAmount("9999999999999999.99", "tr")).toBe("9.999.999.999.999.999,99");
    expect(formatAmount("9007199254740993.01")).toBe("9,007,199,254,740,993.01");
  });

  it("takes Prisma decimals and leaves non-numbers alone", () => {
    expect(formatMoney({ toFixed: () => "12.50" }, "tr")).toBe("12,50\u00a0TL");
    expect(formatAmount("n/a")).toBe("n/a");
  });
});

describe("parseAmountInput", () => {
  it.each([
    ["1.750,50", "1750.50"],
    ["1750.50", "1750.50"],
    ["1750,50", "1750.50"],
    ["1,750.50", "1750.50"],
    ["1750,5", "1750.50"],
    ["1750", "1750.00"],
    ["1.750", "1750.00"],
    ["1,750", "1750.00"],
    ["1.500.000", "1500000.00"],
    ["1 750,50 TL", "1750.50"],
    ["₺1.750,50", "1750.50"],
    ["  300 ", "300.00"],
    ["0,5", "0.50"],
    ["007", "7.00"],
  ])("reads %s as %s", (input, expected) => {
    expect(parseAmountInput(input)).toBe(expected);
  });

  it.each([
    "",
    "abc",
    "1.750,505",
    "1,75,0",
    "1.750.50,00,1",
    "1.75.0",
    "12.34.56",
    "1.750.5",
    "-5",
    "1e3",
    "1,750,50",
    "1.750.50",
  ])("refuses %j", (input) => {
    expect(parseAmountInput(input)).toBeNull();
  });
});
