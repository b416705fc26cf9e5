import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import type { ReportOrder } from "../report-port";
import { readStatusPage } from "./report";

/** StatusHistory answers read as the reconciliation's records (one answer a page, one sale an answer). */
const order: ReportOrder = {
  orderId: "ORD-7K2M9Q-1",
  amount: "150.00",
  currency: "TRY",
  partnerReference: "ORD7K2M9Q1",
};
const dayStart = new Date("2024-08-08T21:00:00Z");

const sale = {
  OrderId: "ORD7K2M9Q1",
  ProcReturnCode: "00",
  BatchNo: "",
  TransId: "88123",
  TRXDATE: "09.08.2024 10:40:34",
  TxnStat: "N",
  PurchAmount: "150,00",
  VoidDate: "1.1.0001 00:00:00",
  TxnStatus: "C",
  ChargeTypeCd: "S",
  ErrorCode: "",
  ErrorMessage: "",
  RefundedAmount: "0",
  AuthCode: "A1B2C3",
};

describe("InterVPOS StatusHistory as records", () => {
  it("reads an approved sale in Turkish time", () => {
    expect(readStatusPage(order, sale, dayStart)).toEqual([
      expect.objectContaining({
        kind: "sale",
        orderId: "ORD-7K2M9Q-1",
        partnerReference: "88123",
        amount: "150.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2024-08-09T10:40:34+03:00",
      }),
    ]);
  });

  it("adds the refunded total as one refund, and a void as a void", () => {
    expect(readStatusPage(order, { ...sale, TxnStatus: "S", RefundedAmount: "40,00" }, dayStart)).toEqual([
      expect.objectContaining({ kind: "sale", status: "succeeded" }),
      expect.objectContaining({ kind: "refund", amount: "40.00", partnerReference: null, status: "succeeded" }),
    ]);
    expect(
      readStatusPage(order, { ...sale, TxnStatus: "V", TxnStat: "V", VoidDate: "09.08.2024 12:00:00" }, dayStart),
    ).toEqual([
      expect.objectContaining({ kind: "sale", status: "succeeded" }),
      expect.objectContaining({ kind: "void", amount: "150.00", occurredAt: "2024-08-09T12:00:00+03:00" }),
    ]);
  });

  it("reads a declined sale as failed, and an unknown order as nothing", () => {
    expect(readStatusPage(order, { ...sale, TxnStatus: "D", TRXDATE: "" }, dayStart)).toEqual([
      expect.objectContaining({ kind: "sale", status: "failed", occurredAt: "2024-08-09T00:00:00+03:00" }),
    ]);
    expect(
      readStatusPage(
        order,
        { OrderId: "ORD7K2M9Q1", ProcReturnCode: "05", ErrorMessage: "Kayıt bulunamadı" },
        dayStart,
      ),
    ).toEqual([]);
  });

  it("throws on an answer it cannot trust: another order, an unknown state, a refused user, a failed query", () => {
    expect(() => readStatusPage(order, { ...sale, OrderId: "OTHER1" }, dayStart)).toThrow(/names order/);
    expect(() => readStatusPage(order, { ...sale, TxnStatus: "Q" }, dayStart)).toThrow();
    expect(() => readStatusPage(order, { ...sale, TRXDATE: "yesterday" }, dayStart)).toThrow(/no time/);
    const refused = (() => {
      try {
        readStatusPage(
          order,
          { ProcReturnCode: "81", ErrorCode: "B810002", ErrorMessage: "Terminal Aktif Degil" },
          dayStart,
        );
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(PartnerCallError);
    expect((refused as PartnerCallError).failure.kind).toBe("refused");
    expect(() => readStatusPage(order, { ProcReturnCode: "99", ErrorMessage: "Sistem hatası" }, dayStart)).toThrow(
      PartnerCallError,
    );
  });
});
