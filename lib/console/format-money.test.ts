import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney } from "./format-money";

describe("formatAmount", () => {
  it("groups thousands and keeps exactly two decimals from the database's string", () => {
    expect(formatAmount("0")).toBe("0.00");
    expect(formatAmount("150.00")).toBe("150.00");
    expect(formatAmount("1234.5")).toBe("1,234.50");
    expect(formatAmount("9999999999999999.99")).toBe("9,999,999,999,999,999.99");
    expect(formatAmount("-1000000.10")).toBe("-1,000,000.10");
  });

  it("leaves anything that is not a decimal alone", () => {
    expect(formatAmount("n/a")).toBe("n/a");
  });

  it("names the currency", () => {
    expect(formatMoney("450.00")).toBe("450.00 TRY");
  });

  it("uses Turkish separators in Turkish", () => {
    expect(formatAmount("1234.5", "tr")).toBe("1.234,50");
    expect(formatAmount("-1000000.10", "tr")).toBe("-1.000.000,10");
    expect(formatMoney("0", "tr")).toBe("0,00 TRY");
  });
});
