import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import { iyzicoConfigSchema } from "./config";
import { hmacSha256Hex, parseIyzwsV2 } from "./crypt";
import { iyzicoReport } from "./report";
import { readDailyTransactions, recordOf } from "./report-mapper";

/**
 * The daily transactions report's answers, in the shape docs.iyzico.com "Raporlama" ("Gün Bazında Raporlama")
 * documents: a transactions list with currentPage and totalPageCount, each row with its transactionType (PAYMENT,
 * REFUND, CANCEL), ids, prices as JSON numbers, transactionCurrency and a local transactionDate.
 */

const payment = {
  transactionType: "PAYMENT",
  transactionDate: "2025-07-24 14:05:09",
  transactionId: 27225634,
  transactionStatus: 2,
  paymentTxId: 27225634,
  paymentId: 25236546,
  conversationId: "D1-0000042",
  paymentPhase: "AUTH",
  price: 1250.7,
  paidPrice: 1250.7,
  transactionCurrency: "TRY",
  installment: 1,
  threeDS: 1,
  iyzicoCommission: 31.27,
  iyzicoFee: 0.25,
  parity: 1,
  iyzicoConversionAmount: 0,
  settlementCurrency: "TRY",
  merchantPayoutAmount: 1219.18,
  connectorType: "IYZI_POS",
  posOrderId: "",
  authCode: "185027",
  hostReference: "mock00007iyzihostrfn",
  basketId: "D1-0000042",
};
const refund = {
  transactionType: "REFUND",
  transactionDate: "2025-07-24 16:40:00",
  transactionId: 31000217,
  paymentTxId: 27225634,
  paymentId: 25236546,
  conversationId: "D1-0000042-R1",
  paymentPhase: "AUTH",
  price: 40,
  paidPrice: 40,
  transactionCurrency: "TRY",
  installment: 1,
  threeDS: 1,
  settlementCurrency: "TRY",
  connectorType: "IYZI_POS",
  posOrderId: "",
  authCode: "185027",
  hostReference: "mock00007iyzihostrfn",
  basketId: "D1-0000042",
  afterSettlement: 0,
};
const cancel = {
  ...refund,
  transactionType: "CANCEL",
  transactionDate: "2025-07-24 23:59:59",
  transactionId: 31000218,
  conversationId: "",
  price: 99.9,
  paidPrice: 99.9,
  transactionCurrency: "USD",
  basketId: "D1-0000043",
};

const answer = (fields: Record<string, unknown>) =>
  JSON.stringify({ status: "success", locale: "tr", systemTime: 1753355109000, ...fields });
const expected = { page: 1, conversationId: "report-2025-07-24-1" };

describe("iyzico daily transactions report: reading an answer", () => {
  it("reads the documented answer: payments as sales, refunds and cancels naming the sale's order", () => {
    const body = answer({
      conversationId: "report-2025-07-24-1",
      transactions: [payment, refund, cancel],
      currentPage: 1,
      totalPageCount: 2,
    });
    const read = readDailyTransactions(body, 200, expected);
    expect(read.currentPage).toBe(1);
    expect(read.totalPageCount).toBe(2);
    expect(read.records).toEqual([
      {
        kind: "sale",
        orderId: "D1-0000042",
        partnerReference: "25236546",
        amount: "1250.70",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2025-07-24T14:05:09+03:00",
        raw: payment,
      },
      {
        kind: "refund",
        orderId: "D1-0000042",
        partnerReference: "31000217",
        amount: "40.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2025-07-24T16:40:00+03:00",
        raw: refund,
      },
      {
        kind: "void",
        orderId: "D1-0000043",
        partnerReference: "31000218",
        amount: "99.90",
        currency: "USD",
        status: "succeeded",
        occurredAt: "2025-07-24T23:59:59+03:00",
        raw: cancel,
      },
    ]);
  });

  it("reads an empty day, which has no page numbers", () => {
    expect(readDailyTransactions(answer({ transactions: [] }), 200, expected)).toEqual({
      records: [],
      currentPage: 1,
      totalPageCount: 1,
    });
  });

  it("reads a payment's fraud states and the order id from conversationId when basketId is empty", () => {
    expect(recordOf({ ...payment, transactionStatus: 1 }, 0).status).toBe("succeeded");
    expect(recordOf({ ...payment, transactionStatus: 0 }, 0).status).toBe("pending");
    expect(recordOf({ ...payment, transactionStatus: -1 }, 0).status).toBe("failed");
    expect(recordOf({ ...refund, transactionStatus: 0 }, 0).status).toBe("failed");
    expect(recordOf({ ...payment, basketId: "" }, 0).orderId).toBe("D1-0000042");
    // A refund's conversationId is the refund's own: without basketId it names no order of ours.
    expect(recordOf({ ...refund, basketId: "" }, 0).orderId).toBeNull();
    expect(recordOf({ ...payment, paymentId: "25236546", paidPrice: "10.5" }, 0)).toMatchObject({
      partnerReference: "25236546",
      amount: "10.50",
    });
    expect(recordOf({ ...payment, transactionDate: "2025-07-24T11:05:09Z" }, 0).occurredAt).toBe(
      "2025-07-24T14:05:09+03:00",
    );
  });

  it("refuses a row it cannot read rather than guess", () => {
    const bad: Record<string, unknown>[] = [
      { ...payment, transactionType: "CHARGEBACK" },
      { ...payment, transactionStatus: 7 },
      { ...payment, transactionStatus: undefined },
      { ...payment, paidPrice: -1 },
      { ...payment, paidPrice: 10.555 },
      { ...payment, paidPrice: undefined },
      { ...payment, transactionCurrency: "tl" },
      { ...payment, transactionDate: "24.07.2025 14:05" },
      { ...payment, transactionDate: "2025-02-30 10:00:00" },
      { ...refund, transactionId: undefined },
      { ...payment, paymentId: 1.5, transactionId: null },
    ];
    for (const row of bad) expect(() => recordOf(row, 3), JSON.stringify(row)).toThrow(/transaction 3/);
    const body = answer({ transactions: [payment, { ...refund, paidPrice: "x" }], currentPage: 1, totalPageCount: 1 });
    expect(() => readDailyTransactions(body, 200, expected)).toThrow(/transaction 1 has no readable paidPrice/);
  });

  it("says what kind of failure an answer is", () => {
    const failure = (code: string) =>
      JSON.stringify({ status: "failure", errorCode: code, errorMessage: "x", locale: "tr", systemTime: 1 });
    const kindOf = (body: string, status = 200) => {
      try {
        readDailyTransactions(body, status, expected);
      } catch (error) {
        return error instanceof PartnerCallError ? error.failure.kind : "garbage";
      }
      return "read";
    };
    expect(kindOf(failure("1000"))).toBe("refused");
    expect(kindOf(failure("1001"))).toBe("refused");
    expect(kindOf(failure("1"))).toBe("retry");
    expect(kindOf(failure("11"), 503)).toBe("retry");
    expect(kindOf("<html>502 Bad Gateway</html>", 502)).toBe("retry");
    expect(kindOf("<html>429</html>", 429)).toBe("retry");
    expect(kindOf('{"status":"success","transactions":[{"transactionType":"PAYM', 200)).toBe("garbage");
    expect(kindOf("<html>ok</html>", 200)).toBe("garbage");
    expect(kindOf(answer({ transactions: [] }), 404)).toBe("garbage");
    expect(kindOf(answer({ transactions: {} }))).toBe("garbage");
    // Page numbers that do not answer the page asked, and an answer to another request.
    expect(kindOf(answer({ transactions: [payment], currentPage: 2, totalPageCount: 2 }))).toBe("garbage");
    expect(kindOf(answer({ transactions: [payment], currentPage: 1, totalPageCount: 0 }))).toBe("garbage");
    expect(kindOf(answer({ transactions: [payment], currentPage: "1", totalPageCount: 1 }))).toBe("garbage");
    expect(kindOf(answer({ conversationId: "report-2025-07-23-1", transactions: [] }))).toBe("garbage");
    expect(kindOf(answer({ transactions: [payment], currentPage: 1, totalPageCount: 1 }))).toBe("read");
  });
});

describe("iyzico daily transactions report: the call", () => {
  it("asks GET /v2/reporting/payment/transactions, signed over the path alone, and follows the pages", async () => {
    const seen: { url: string; method: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({
          url: req.url ?? "",
          method: req.method ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        const page = Number(new URL(req.url ?? "/", "http://x").searchParams.get("page"));
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          answer({
            conversationId: `report-2025-07-24-${page}`,
            transactions: page === 1 ? [payment, refund] : [cancel],
            currentPage: page,
            totalPageCount: 2,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const config = iyzicoConfigSchema.parse({
        apiKey: "sandbox-key",
        secretKey: "sandbox-secret",
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      const pages = [];
      const orders = async function* () {};
      for await (const page of iyzicoReport.pages(config, {
        day: "2025-07-24",
        from: new Date("2025-07-23T20:55:00Z"),
        to: new Date("2025-07-24T21:05:00Z"),
        orders,
      }))
        pages.push(page);
      expect(iyzicoReport.mode).toBe("list");
      expect(pages.map((p) => p.records.map((r) => r.kind))).toEqual([["sale", "refund"], ["void"]]);
      expect(pages[1]?.body).toBe(
        answer({ conversationId: "report-2025-07-24-2", transactions: [cancel], currentPage: 2, totalPageCount: 2 }),
      );
      const path = "/v2/reporting/payment/transactions?locale=tr";
      expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
        ["GET", `${path}&conversationId=report-2025-07-24-1&transactionDate=2025-07-24&page=1`, ""],
        ["GET", `${path}&conversationId=report-2025-07-24-2&transactionDate=2025-07-24&page=2`, ""],
      ]);
      for (const { headers } of seen) {
        const auth = parseIyzwsV2(headers.authorization);
        expect(auth?.apiKey).toBe("sandbox-key");
        expect(headers["x-iyzi-rnd"]).toBe(auth?.randomKey);
        expect(auth?.signature).toBe(
          hmacSha256Hex("sandbox-secret", `${auth?.randomKey ?? ""}/v2/reporting/payment/transactions`),
        );
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
