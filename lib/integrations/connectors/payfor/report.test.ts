import { describe, expect, it } from "vitest";
import { recordOf, reqDates } from "./report";
import type { HistoryLine } from "./response-mapper";

/** The day's history as records: mewebstudio/pos tests/Unit/test_data/payfor/history/daily_history.json and others. */
const line = (over: Partial<HistoryLine>): HistoryLine => ({
  type: "Auth",
  orderId: "1427731461",
  code: "00",
  amountMinor: 10000n,
  currency: "949",
  reference: "407421836817",
  authCode: "S70708",
  voided: false,
  batchClosed: true,
  reqDate: "20240314",
  insertedAt: "2024-03-14T21:40:18",
  raw: {},
  ...over,
});

describe("PayFor's day history as records", () => {
  it("asks each Turkish day the widened period touches", () => {
    // 2024-03-14 in Istanbul, widened by 30 minutes each side.
    const from = new Date("2024-03-13T20:30:00Z");
    const to = new Date("2024-03-14T21:30:00Z");
    expect(reqDates(from, to)).toEqual(["20240313", "20240314", "20240315"]);
    expect(reqDates(new Date("2024-03-13T21:00:00Z"), new Date("2024-03-14T21:00:00Z"))).toEqual(["20240314"]);
  });

  it("reads daily_history.json's approved sale and its unfinished 3-D attempts", () => {
    expect(recordOf(line({}))).toEqual({
      kind: "sale",
      orderId: "1427731461",
      partnerReference: "407421836817",
      amount: "100.00",
      currency: "TRY",
      status: "succeeded",
      occurredAt: "2024-03-14T21:40:18+03:00",
      raw: {},
    });
    // "İşlem tamamlanamadı /devam ediyor": a checkout not finished.
    expect(recordOf(line({ code: "V000", reference: "", amountMinor: 100n }))).toMatchObject({
      status: "pending",
      partnerReference: null,
    });
  });

  it("reads voids and refunds (naming the sale's order), failed ones failed; skips requests moving no money", () => {
    expect(recordOf(line({ type: "Void", reference: "402117236287" }))).toMatchObject({
      kind: "void",
      status: "succeeded",
    });
    expect(recordOf(line({ type: "Refund", code: "V014", amountMinor: 101n }))).toMatchObject({
      kind: "refund",
      status: "failed",
      amount: "1.01",
    });
    expect(recordOf(line({ type: "PreAuth" }))).toMatchObject({ kind: "sale", status: "pending" });
    expect(recordOf(line({ type: "OrderInquiry" }))).toBeNull();
    expect(() => recordOf(line({ type: "Mystery" }))).toThrow(/TxnType/);
    expect(() => recordOf(line({ currency: "999" }))).toThrow(/Currency/);
    expect(() => recordOf(line({ insertedAt: "0001-01-01" }))).toThrow(/InsertDatetime/);
  });
});
