import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import type { AkbankAnswer } from "./client";
import { akbankPosConfigSchema } from "./config";
import { historyWindows, MAX_WINDOW_MS, readHistoryPage, recordsOf } from "./report";

const config = akbankPosConfigSchema.parse({
  merchantId: "2023090417500272654BD9A49CF07574",
  terminalId: "2023090417500284633D137A249DBBEB",
  secretKey: "0123456789abcdef0123456789abcdef",
});

/** Lines as mewebstudio/pos's tests/Unit/test_data/akbankpos/history/daily_history_2.json lists them. */
const SALE = {
  txnCode: "1000",
  responseCode: "VPS-0000",
  responseMessage: "BAŞARILI",
  hostResponseCode: "00",
  txnDateTime: "2024-04-22T22:20:12.481",
  orderId: "20240422396E",
  authCode: "306700",
  rrn: 411424361007,
  batchNumber: 49,
  txnStatus: "Başarılı",
  amount: 10.01,
  currencyCode: 949,
  currencyLabel: "TRY",
  orgOrderId: "20240422396E",
};
const FAILED = {
  txnCode: "1000",
  responseCode: "VPS-1005",
  responseMessage: "Provizyon Hatası",
  hostResponseCode: "05",
  txnDateTime: "2024-04-23T00:00:51.656",
  orderId: "36082829-d682-45ad-b3d1-e6657a3cf8c6",
  rrn: 411524361009,
  txnStatus: "Başarısız",
  amount: 4,
  currencyCode: 949,
  orgOrderId: "36082829-d682-45ad-b3d1-e6657a3cf8c6",
};
const NAMELESS = {
  txnCode: "1000",
  responseCode: "VPS-1061",
  txnDateTime: "2024-04-22T22:22:42.039",
  batchNumber: 0,
  txnStatus: "Başarısız",
  amount: 10.01,
  currencyCode: 949,
};

const answerOf = (json: Record<string, unknown>): AkbankAnswer => ({
  responseCode: String(json.responseCode),
  responseMessage: String(json.responseMessage ?? ""),
  json,
});
const packed = (lines: unknown[]) =>
  gzipSync(
    Buffer.from(JSON.stringify({ terminal: { terminalSafeId: config.terminalId }, txnDetailList: lines })),
  ).toString("base64");

describe("Akbank date-range history lines", () => {
  it("a sale that went through, in Turkish time", () => {
    expect(recordsOf(SALE)).toEqual([
      {
        kind: "sale",
        orderId: "20240422396E",
        partnerReference: "411424361007",
        amount: "10.01",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2024-04-22T22:20:12+03:00",
        raw: SALE,
      },
    ]);
  });
  it("a cancelled sale is the sale and its cancel; a failed one is failed, a line naming no order has none", () => {
    expect(recordsOf({ ...SALE, txnStatus: "İptal" }).map((r) => [r.kind, r.status])).toEqual([
      ["sale", "succeeded"],
      ["void", "succeeded"],
    ]);
    expect(recordsOf(FAILED)).toMatchObject([{ kind: "sale", status: "failed", amount: "4.00" }]);
    expect(recordsOf(NAMELESS)).toMatchObject([{ kind: "sale", status: "failed", orderId: null }]);
    expect(recordsOf({ ...SALE, txnStatus: "Teknik İptal", responseCode: null })).toMatchObject([{ status: "failed" }]);
  });
  it("a refund names the sale's order (orgOrderId), not its own", () => {
    const refund = { ...SALE, txnCode: "1002", orderId: "d2f58999-5143-4f5c-b503-deaa789441d5", amount: 4, rrn: 9 };
    expect(recordsOf(refund)).toMatchObject([
      { kind: "refund", orderId: "20240422396E", amount: "4.00", partnerReference: "9", status: "succeeded" },
    ]);
  });
  it("a pre-authorisation is a sale still open; an unknown code or state is unreadable", () => {
    expect(recordsOf({ ...SALE, txnCode: "1004" })).toMatchObject([{ kind: "sale", status: "pending" }]);
    expect(() => recordsOf({ ...SALE, txnCode: "1999" })).toThrow(/txnCode/);
    expect(() => recordsOf({ ...SALE, txnStatus: "Bekliyor" })).toThrow(/txnStatus/);
    expect(() => recordsOf({ ...SALE, amount: "10,01" })).toThrow(/amount/);
  });
});

describe("Akbank date-range history answers", () => {
  it("unpacks the gzipped data", () => {
    const records = readHistoryPage(
      answerOf({ responseCode: "VPS-0000", responseMessage: "SUCCESSFUL", data: packed([SALE, FAILED]) }),
      config,
    );
    expect(records).toHaveLength(2);
  });
  it("halves a window on VPS-2235, refuses on VPS-2229, retries other failures, and reads no garbage", () => {
    expect(readHistoryPage(answerOf({ responseCode: "VPS-2235" }), config)).toBe("split");
    expect(() => readHistoryPage(answerOf({ responseCode: "VPS-2229" }), config)).toThrow(PartnerCallError);
    try {
      readHistoryPage(answerOf({ responseCode: "VPS-9000" }), config);
    } catch (error) {
      expect((error as PartnerCallError).failure.kind).toBe("retry");
    }
    expect(() => readHistoryPage(answerOf({ responseCode: "VPS-0000", data: "H4sIAAAA" }), config)).toThrow();
    const other = gzipSync(JSON.stringify({ terminal: { terminalSafeId: "OTHER" }, txnDetailList: [] }));
    expect(() =>
      readHistoryPage(answerOf({ responseCode: "VPS-0000", data: other.toString("base64") }), config),
    ).toThrow(/terminal/);
  });
  it("covers a widened day in windows of under a day, none overlapping, none missing", () => {
    const from = new Date("2026-05-01T20:55:00Z");
    const to = new Date("2026-05-02T21:05:00Z");
    const windows = historyWindows(from, to);
    expect(windows).toHaveLength(2);
    expect(windows[0]!.start).toEqual(from);
    expect(windows[1]!.start.getTime()).toBe(windows[0]!.end.getTime() + 1);
    expect(windows[1]!.end.getTime()).toBe(to.getTime() - 1);
    for (const w of windows) expect(w.end.getTime() - w.start.getTime()).toBeLessThan(MAX_WINDOW_MS);
  });
});
