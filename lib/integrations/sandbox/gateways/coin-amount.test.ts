import { describe, expect, it } from "vitest";
import { coinAmount } from "./coin-amount";

describe("sandbox coin amounts", () => {
  it("converts exactly and rounds up", () => {
    expect(coinAmount("USDT-TRC20", "3425.00")).toBe("100.00");
    expect(coinAmount("USDT-TRC20", "100.00")).toBe("2.92");
    expect(coinAmount("BTC", "3350000.00")).toBe("1.00000000");
    expect(coinAmount("ETH", "1000.00")).toBe("0.008929");
  });
});
