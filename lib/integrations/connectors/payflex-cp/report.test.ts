import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import type { ReportOrder } from "../report-port";
import { payflexCpConnector } from "./index";
import { readSearchPage } from "./report";
import type { SearchAnswer, SearchRecord } from "./response-mapper";

/** The search's records as a reconciliation page: the sale, its refunds and voids, in the bank's local time. */
const order: ReportOrder = { orderId: "ORD-ABC-2", amount: "150.00", currency: "TRY", partnerReference: null };
const sale: SearchRecord = {
  TransactionType: "Sale",
  TransactionId: "S1",
  OrderId: "ORDABC2",
  ResultCode: "0000",
  HostDate: "20260110143000",
  CurrencyAmount: "150.00",
  AmountCode: "949",
  IsCanceled: "false",
  IsReversed: "false",
};
const answer = (records: SearchRecord[]): SearchAnswer => ({ code: "0000", message: "Succeeded.", records });
const shape = (records: ReturnType<typeof readSearchPage>) =>
  records.map((r) => [r.kind, r.orderId, r.partnerReference, r.amount, r.status, r.occurredAt]);

describe("the search as a reconciliation page", () => {
  it("is asked per order", () => expect(payflexCpConnector.report?.mode).toBe("per_order"));

  it("reads a sale, a refund and a refused refund", () => {
    const refund = {
      ...sale,
      TransactionType: "Refund",
      TransactionId: "R1",
      CurrencyAmount: "40.00",
      HostDate: "20260110150000",
    };
    expect(
      shape(
        readSearchPage(
          order,
          answer([sale, refund, { ...refund, TransactionId: "R2", ResultCode: "1059" }]),
          "2026-01-10",
        ),
      ),
    ).toEqual([
      ["sale", "ORD-ABC-2", "S1", "150.00", "succeeded", "2026-01-10T14:30:00+03:00"],
      ["refund", "ORD-ABC-2", "R1", "40.00", "succeeded", "2026-01-10T15:00:00+03:00"],
      ["refund", "ORD-ABC-2", "R2", "40.00", "failed", "2026-01-10T15:00:00+03:00"],
    ]);
  });

  it("a voided sale without a Cancel line is the sale and its void; with one, the line is the void", () => {
    expect(
      shape(readSearchPage(order, answer([{ ...sale, IsCanceled: "true" }]), "2026-01-10")).map((r) => r[0]),
    ).toEqual(["sale", "void"]);
    const cancel = { ...sale, TransactionType: "Cancel", TransactionId: "C1" };
    expect(
      shape(readSearchPage(order, answer([{ ...sale, IsCanceled: "true" }, cancel]), "2026-01-10")).map((r) => [
        r[0],
        r[2],
      ]),
    ).toEqual([
      ["sale", "S1"],
      ["void", "C1"],
    ]);
  });

  it("a short HostDate takes the asked day's year; another order, an unknown type or a failed search throws", () => {
    expect(readSearchPage(order, answer([{ ...sale, HostDate: "0110143000" }]), "2026-01-10")[0]!.occurredAt).toBe(
      "2026-01-10T14:30:00+03:00",
    );
    expect(() => readSearchPage(order, answer([{ ...sale, OrderId: "OTHER" }]), "2026-01-10")).toThrow();
    expect(() => readSearchPage(order, answer([{ ...sale, TransactionType: "Capture" }]), "2026-01-10")).toThrow();
    expect(() => readSearchPage(order, { code: "9065", message: "x", records: [] }, "2026-01-10")).toThrow(
      PartnerCallError,
    );
    expect(readSearchPage(order, answer([]), "2026-01-10")).toEqual([]);
  });
});
