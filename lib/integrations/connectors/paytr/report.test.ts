import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import { reportToken } from "./crypt";
import { occurredAtOf, readReport, reportWindows } from "./report";

/**
 * The "Satış ve İade İşlem Dökümü Servisi" document (dev.paytr.com/islem-dokumu) gives each row's fields with an
 * example value (islem_tipi S or I, net_tutar 9.76, kesinti_tutari 0.24, kesinti_orani 2.35, islem_tutari 10.00,
 * odeme_tutari 10.00, islem_tarihi 13.01.2021, para_birimi TL, taksit 0, kart_marka, kart_no 455359AAA6747,
 * siparis_no ABC123, odeme_tipi KART or EFT) and its statuses (success, failed: nothing in the period, error with
 * err_msg). The rows below are those examples.
 */

const sale = {
  islem_tipi: "S",
  net_tutar: "9.76",
  kesinti_tutari: "0.24",
  kesinti_orani: "2.35",
  islem_tutari: "10.00",
  odeme_tutari: "10.00",
  islem_tarihi: "13.01.2021",
  para_birimi: "TL",
  taksit: "0",
  kart_marka: "WORLD",
  kart_no: "455359AAA6747",
  siparis_no: "ABC123",
  odeme_tipi: "KART",
};
const refund = { ...sale, islem_tipi: "I", net_tutar: "10.00", kesinti_tutari: "0", islem_tutari: "4.50" };

describe("PayTR transaction report: the request", () => {
  it("paytr_token: merchant_id + start_date + end_date + salt (the PHP sample's own values)", () => {
    // Computed apart from this code: openssl dgst -sha256 -hmac KEY -binary | base64 over the concatenation.
    const sample = { merchantId: "XXXXXX", merchantKey: "XXXXXXYYYYYY", merchantSalt: "YYYYYYXXXXXX" };
    expect(reportToken(sample, "2020-06-02 00:00:00", "2020-06-04 23:59:59")).toBe(
      "pNPvksao/nNItE6t0dFh8t8x4zG6b/EhK7+rrN4XwSs=",
    );
    const creds = { merchantId: "123456", merchantKey: "YYYYYYYYYYYYYY", merchantSalt: "ZZZZZZZZZZZZZZ" };
    expect(reportToken(creds, "2021-01-13 00:00:00", "2021-01-13 23:59:59")).toBe(
      "cIjB/FLR6+AF1nJ3uG/+RU4B1sfnR3aRjM5IW6FuoS8=",
    );
  });

  it("the period in Turkish time, at most 3 days a call (00:00:00 of one day to 23:59:59 of the third)", () => {
    // An Istanbul day widened by five minutes each side: one call.
    expect(reportWindows(new Date("2026-11-28T20:55:00Z"), new Date("2026-11-29T21:05:00.900Z"))).toEqual([
      { start: "2026-11-28 23:55:00", end: "2026-11-30 00:05:00" },
    ]);
    // Four days: three, then the rest, neither overlapping nor leaving a second out.
    expect(reportWindows(new Date("2026-11-25T21:00:00Z"), new Date("2026-11-29T20:59:59Z"))).toEqual([
      { start: "2026-11-26 00:00:00", end: "2026-11-28 23:59:59" },
      { start: "2026-11-29 00:00:00", end: "2026-11-29 23:59:59" },
    ]);
    expect(() => reportWindows(new Date("2026-11-29T00:00:00Z"), new Date("2026-11-28T00:00:00Z"))).toThrow(RangeError);
  });
});

describe("PayTR transaction report: the answer", () => {
  it("a sale and a refund of the documented shape, in our words", () => {
    const records = readReport({ status: "success", data: [sale, refund] });
    expect(records).toEqual([
      {
        kind: "sale",
        orderId: "ABC123",
        partnerReference: "ABC123",
        amount: "10.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2021-01-13T00:00:00+03:00",
        raw: sale,
      },
      {
        kind: "refund",
        orderId: "ABC123",
        partnerReference: null,
        amount: "4.50",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2021-01-13T00:00:00+03:00",
        raw: refund,
      },
    ]);
  });

  it("the rows are read from whichever one list holds them, a PHP-keyed object too", () => {
    expect(readReport({ status: "success", islemler: { 0: sale, 1: refund } }).map((r) => r.kind)).toEqual([
      "sale",
      "refund",
    ]);
    expect(() => readReport({ status: "success" })).toThrow(/0 lists/);
    expect(() => readReport({ status: "success", data: [] })).toThrow(/0 lists/);
    expect(() => readReport({ status: "success", a: [sale], b: [refund] })).toThrow(/2 lists/);
    // A list with one row that is not a record is not a list of records.
    expect(() => readReport({ status: "success", data: [sale, { siparis_no: "X" }] })).toThrow(/0 lists/);
  });

  it("amounts: a dot or the status inquiry's comma, a refund's sign dropped; anything else is unreadable", () => {
    expect(readReport({ status: "success", data: [{ ...sale, islem_tutari: "10,5" }] })[0]!.amount).toBe("10.50");
    expect(readReport({ status: "success", data: [{ ...refund, islem_tutari: "-4.50" }] })[0]!.amount).toBe("4.50");
    for (const islem_tutari of ["-10.00", "1.000,50", "", "10.005", "on"])
      expect(() => readReport({ status: "success", data: [{ ...sale, islem_tutari }] })).toThrow(/islem_tutari/);
  });

  it("the currency, the type and the date must be PayTR's documented ones", () => {
    expect(readReport({ status: "success", data: [{ ...sale, para_birimi: "USD" }] })[0]!.currency).toBe("USD");
    expect(() => readReport({ status: "success", data: [{ ...sale, para_birimi: "XYZ" }] })).toThrow(/para_birimi/);
    expect(() => readReport({ status: "success", data: [{ ...sale, islem_tipi: "C" }] })).toThrow(/islem_tipi/);
    for (const islem_tarihi of ["2021-01-13", "31.02.2021", "13.1.2021", ""])
      expect(() => readReport({ status: "success", data: [{ ...sale, islem_tarihi }] })).toThrow(/islem_tarihi/);
    expect(occurredAtOf("13.01.2021 14:05:09")).toBe("2021-01-13T14:05:09+03:00");
    expect(occurredAtOf("31.12.2026 23:59")).toBe("2026-12-31T23:59:00+03:00");
  });

  it("a sale naming no order is kept, with no order id", () => {
    expect(readReport({ status: "success", data: [{ ...sale, siparis_no: "" }] })[0]).toMatchObject({
      orderId: null,
      partnerReference: null,
    });
  });

  it("failed is the documented 'nothing in the period'; error is a refusal when about the credentials", () => {
    expect(readReport({ status: "failed", err_msg: "ilgili tarih araliginda islem bulunamadi" })).toEqual([]);
    const refused = (() => {
      try {
        readReport({ status: "error", err_no: "003", err_msg: "paytr_token gecersiz" });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(PartnerCallError);
    expect(refused).toMatchObject({ failure: { kind: "refused", error: { code: "003" } } });
    expect(() => readReport({ status: "error", err_msg: "Tarih araligi en fazla 3 gun olabilir" })).toThrow(
      expect.objectContaining({ failure: expect.objectContaining({ kind: "retry" }) }),
    );
    expect(() => readReport({ status: "ok" })).toThrow(/unknown status/);
  });
});
