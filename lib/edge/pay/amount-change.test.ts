import { describe, expect, it } from "vitest";
import { isLargeAmountChange } from "./amount-change";

describe("isLargeAmountChange", () => {
  it("asks for a confirmation past twice or below half the amount, either way", () => {
    expect(isLargeAmountChange("1500.00", "12345.00")).toBe(true);
    expect(isLargeAmountChange("1500.00", "3000.01")).toBe(true);
    expect(isLargeAmountChange("1500.00", "749.99")).toBe(true);
  });
  it("lets ordinary corrections through, the bounds included", () => {
    expect(isLargeAmountChange("1500.00", "3000.00")).toBe(false);
    expect(isLargeAmountChange("1500.00", "750.00")).toBe(false);
    expect(isLargeAmountChange("1500.00", "1750.50")).toBe(false);
  });
});
