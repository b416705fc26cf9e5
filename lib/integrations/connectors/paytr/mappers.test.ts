import { describe, expect, it } from "vitest";
import { readAmount, writeAmountOrNull } from "../amount-format";
import {
  basketOf,
  merchantOidOf,
  PAYTR_ANSWERED_AMOUNT,
  PAYTR_KURUS,
  PAYTR_NOTIFIED_KURUS,
  timeoutMinutes,
} from "./request-mapper";
import { failureOf, mapStatusAnswer, notificationOutcome, refundResultOf, statusApproval } from "./response-mapper";

describe("PayTR request mapping", () => {
  it("merchant_oid: letters and digits only, at most 64", () => {
    expect(merchantOidOf("ORD-7K2MZ9Q0AB12")).toBe("ORD7K2MZ9Q0AB12");
    expect(() => merchantOidOf("---")).toThrow(RangeError);
    expect(() => merchantOidOf("A".repeat(65))).toThrow(RangeError);
  });

  it("amounts in kuruş both ways, without floating point", () => {
    expect(writeAmountOrNull("1250.75", PAYTR_KURUS)).toBe("125075");
    expect(writeAmountOrNull("0.10", PAYTR_KURUS)).toBe("10");
    expect(writeAmountOrNull("9999999999999.99", PAYTR_KURUS)).toBe("999999999999999");
    expect(writeAmountOrNull("12.345", PAYTR_KURUS)).toBeNull();
    expect(readAmount("125075", PAYTR_NOTIFIED_KURUS)).toBe("1250.75");
    expect(readAmount("5", PAYTR_NOTIFIED_KURUS)).toBe("0.05");
    expect(readAmount("1.5", PAYTR_NOTIFIED_KURUS)).toBeNull();
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
    expect(readAmount("10,8", PAYTR_ANSWERED_AMOUNT)).toBe("10.80");
    expect(readAmount("10.80", PAYTR_ANSWERED_AMOUNT)).toBe("10.80");
    expect(readAmount("150", PAYTR_ANSWERED_AMOUNT)).toBe("150.00");
    expect(readAmount(249.9, PAYTR_ANSWERED_AMOUNT)).toBe("249.90");
    expect(readAmount("1.000,50", PAYTR_ANSWERED_AMOUNT)).toBeNull();
    expect(readAmount("", PAYTR_ANSWERED_AMOUNT)).toBeNull();
  });

  it("status inquiry: our amount paid is the approval, more is said as collected, anything else is none", () => {
    const answer = { status: "success", payment_amount: "150", payment_total: "150" };
    expect(statusApproval(answer, "150.00", "ORD1")).toEqual({
      status: "approved",
      amount: "150.00",
      partnerReference: "ORD1",
      authCode: null,
    });
    expect(statusApproval({ ...answer, payment_total: "165,5" }, "150.00", "ORD1")).toMatchObject({
      collected: "165.50",
    });
    expect(statusApproval({ ...answer, payment_total: "149.99" }, "150.00", "ORD1")).toBeNull();
    expect(statusApproval({ ...answer, payment_amount: "140" }, "150.00", "ORD1")).toBeNull();
    expect(statusApproval({ ...answer, payment_total: undefined }, "150.00", "ORD1")).toBeNull();
  });

  it("refund answers: PayTR's refusal, ours made, or one about another order or amount", () => {
    const asked = { merchantOid: "ORD1", amount: "10.25", referenceNo: "RF1" };
    expect(refundResultOf({ status: "error", err_no: "004", err_msg: "x" }, asked)).toMatchObject({
      ok: false,
      error: { code: "004" },
    });
    expect(refundResultOf({ status: "failed" }, asked)).toMatchObject({ ok: false, error: { code: "PAYTR" } });
    expect(refundResultOf({ status: "success", merchant_oid: "ORD1", return_amount: "10.25" }, asked)).toEqual({
      ok: true,
      partnerReference: "RF1",
    });
    expect(refundResultOf({ status: "success" }, asked)).toEqual({ ok: true, partnerReference: "RF1" });
    expect(refundResultOf({ status: "success", merchant_oid: "ORD2" }, asked)).toBeNull();
    expect(refundResultOf({ status: "success", return_amount: "10,2" }, asked)).toBeNull();
  });
});

describe("PayTR's status inquiry", () => {
  // "Durum Sorgu"'s success fields with its example values (payment_amount "10,8", taksit, kart_marka "WORLD"); the
  // mask's shape (first six, last four) is the one the other answers of ours carry: the page's example is cut short.
  const answer = {
    status: "success",
    payment_amount: "10,8",
    payment_total: "10,8",
    payment_date: "2021-01-01 23:59:59",
    currency: "TL",
    taksit: "0",
    kart_marka: "WORLD",
    masked_pan: "455359******6747",
    net_tutar: "9.76",
    kesinti_tutari: "0.24",
    returns: [],
  };
  const order = { amount: "10.80", merchantOid: "ORD1" };

  it("a payment that went through is approved, with the card its answer names (masked_pan)", () => {
    expect(mapStatusAnswer(answer, order)).toEqual({
      status: "approved",
      amount: "10.80",
      partnerReference: "ORD1",
      authCode: null,
      card: { brand: "Visa", last4: "6747" },
    });
    for (const masked_pan of [undefined, "", 4553596747])
      expect(mapStatusAnswer({ ...answer, masked_pan }, order)).not.toHaveProperty("card");
    expect(mapStatusAnswer({ ...answer, payment_total: "11,30" }, order)).toMatchObject({ collected: "11.30" });
  });

  it("an error, another order amount or less paid is no verdict", () => {
    expect(() => mapStatusAnswer({ status: "error", err_msg: "x" }, order)).toThrow("gave no payment");
    expect(() => mapStatusAnswer({ ...answer, payment_amount: "9,80" }, order)).toThrow("not the payment's 10.80");
    expect(() => mapStatusAnswer({ ...answer, payment_total: "10,00" }, order)).toThrow("not the payment's 10.80");
  });
});
