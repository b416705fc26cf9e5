import { describe, expect, it } from "vitest";
import { summarizeRefunds } from "./refund-summary";

// The refund dialog and the payment's page read this summary: after a partial refund they must offer and
// name what is left, never the amount first paid (issue: typed 50, the dialog asked about 349,90 TL).
const amount = (value: string) => ({ toFixed: (digits: number) => Number(value).toFixed(digits) });

describe("a card payment's refunds", () => {
  it("after two partial refunds, says what was given back and what is left, in cents", () => {
    const refunds = [
      { amount: amount("50.00"), status: "approved" },
      { amount: amount("0.10"), status: "approved" },
    ];
    expect(summarizeRefunds(amount("349.90"), refunds)).toEqual({
      refunded: "50.10",
      held: "0.00",
      left: "299.80",
      count: 2,
    });
  });

  it("holds a refund still being asked, and counts refused ones for nothing", () => {
    const refunds = [
      { amount: amount("100.00"), status: "approved" },
      { amount: amount("49.90"), status: "pending" },
      { amount: amount("20.00"), status: "unknown" },
      { amount: amount("300.00"), status: "declined" },
    ];
    expect(summarizeRefunds(amount("349.90"), refunds)).toEqual({
      refunded: "100.00",
      held: "69.90",
      left: "180.00",
      count: 3,
    });
  });

  it("leaves nothing once all is refunded, never a negative amount", () => {
    expect(summarizeRefunds(amount("10.00"), [{ amount: amount("10.00"), status: "approved" }]).left).toBe("0.00");
    expect(summarizeRefunds(amount("10.00"), []).left).toBe("10.00");
  });
});
