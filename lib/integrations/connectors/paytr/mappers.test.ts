import { describe, expect, it } from "vitest";
import { amountOfKurus, basketOf, kurusOf, merchantOidOf, timeoutMinutes } from "./request-mapper";
import { failureOf, inquiryAmount, notificationOutcome } from "./response-mapper";

describe("PayTR request mapping", () => {
  it("merchant_oid: letters and digits only, at most 64", () => {
    expect(merchantOidOf("ORD-7K2MZ9Q0AB12")).toBe("ORD7K2MZ9Q0AB12");
    expect(() => merchantOidOf("---")).toThrow(RangeError);
    expect(() => merchantOidOf("A".repeat(65))).toThrow(RangeError);
  });

  it("amounts in kuruş both ways, without floating point", () => {
    expect(kurusOf("1250.75")).toBe("125075");
    expect(kurusOf("0.10")).toBe("10");
    expect(kurusOf("9999999999999.99")).toBe("999999999999999");
    expect(kurusOf("12.345")).toBeNull();
    expect(amountOfKurus("125075")).toBe("1250.75");
    expect(amountOfKurus("5")).toBe("0.05");
    expect(amountOfKurus("1.5")).toBeNull();
  });

  it("timeout_limit: the minutes our payment has left, 1 to 30", () => {
    const now = Date.parse("2026-11-29T10:00:00Z");
    expect(timeoutMinutes("2026-11-29T10:15:00Z", now)).toBe(15);
    expect(timeoutMinutes("2026-11-29T10:00:30Z", now)).toBe(1);
    expect(timeoutMinutes("2026-11-29T12:00:00Z", now)).toBe(30);
  });

  it("the basket: one line worth the amount, base64 JSON as PayTR's sample code builds it", () => {
    expect(
      JSON.parse(Buffer.from(basketOf({ amount: "150.00", description: "Deposit ABC" }), "base64").toString()),
    ).toEqual([["Deposit ABC", "150.00", 1]]);
    expect(JSON.parse(Buffer.from(basketOf({ amount: "1.00", description: " " }), "base64").toString())).toEqual([
      ["Deposit", "1.00", 1],
    ]);
  });
});

describe("PayTR answers in our words", () => {
  it("failed_reason_code: known codes worded, PayTR's text kept; 6 is a cancellation", () => {
    expect(failureOf("0", "Kart limiti yetersiz")).toEqual({
      code: "0",
      message: "Declined by the card's bank (Kart limiti yetersiz)",
    });
    expect(failureOf("10", undefined)).toEqual({ code: "10", message: "3-D Secure is required for this payment" });
    expect(failureOf("77", "x")).toEqual({ code: "77", message: "PayTR declined the payment (x)" });
    expect(failureOf("<b>", "")).toEqual({ code: "PAYTR", message: "PayTR declined the payment" });
    expect(notificationOutcome({ status: "failed", failed_reason_code: "6" }, "10.00", "ORD1")).toMatchObject({
      status: "cancelled",
    });
    expect(notificationOutcome({ status: "failed", failed_reason_code: "3" }, "10.00", "ORD1")).toMatchObject({
      status: "declined",
    });
  });

  it("status inquiry amounts: the document's comma ('10,8') or a dot, two decimals at most", () => {
    expect(inquiryAmount("10,8")).toBe("10.80");
    expect(inquiryAmount("10.80")).toBe("10.80");
    expect(inquiryAmount("150")).toBe("150.00");
    expect(inquiryAmount(249.9)).toBe("249.90");
    expect(inquiryAmount("1.000,50")).toBeNull();
    expect(inquiryAmount("")).toBeNull();
  });
});
