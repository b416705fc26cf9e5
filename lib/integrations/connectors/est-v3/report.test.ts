import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import type { ReportOrder } from "../report-port";
import { buildCC5Request, parseCC5Response, type CC5Response } from "./cc5-xml";
import { estConfigSchema } from "./config";
import { estV3Connector } from "./index";
import { readOrderHistoryPage } from "./report";
import { historyRequest } from "./request-mapper";

/**
 * ORDERHISTORY answers as mewebstudio/pos records them (EstPosResponseDataMapperTest::orderHistoryTestDataProvider,
 * taken from Payten's test host): TRX lines tab-separated, a voided sale with state V and its void time, a refused
 * refund, a pre-authorisation, and "No record found".
 */
const order = (orderId: string): ReportOrder => ({ orderId, amount: "1.01", currency: "TRY", partnerReference: null });

function answer(orderId: string, extra: Record<string, string>, fields: Record<string, string> = {}): CC5Response {
  return {
    fields: { ErrMsg: "", ProcReturnCode: "00", Response: "Approved", OrderId: orderId, ...fields },
    extra: { TERMINALID: "00655020", MERCHANTID: "655000200", NUMCODE: "0", ...extra },
  };
}

/** A record without its raw line, to compare with what the line says. */
const without = <T extends { raw: unknown }>(record: T): Omit<T, "raw"> => {
  const rest: Partial<T> = { ...record };
  delete rest.raw;
  return rest as Omit<T, "raw">;
};

describe("the order history request", () => {
  it("asks one order's history with the API user, as mewebstudio/pos does", () => {
    const config = estConfigSchema.parse({
      clientId: "190100000",
      storeKey: "1",
      username: "ISBANKAPI",
      password: "P",
    });
    expect(config.reportCallsPerSecond).toBe(5);
    expect(buildCC5Request(historyRequest(config, "20240102D8F1"))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><CC5Request><Name>ISBANKAPI</Name><Password>P</Password>' +
        "<ClientId>190100000</ClientId><OrderId>20240102D8F1</OrderId>" +
        "<Extra><ORDERHISTORY>QUERY</ORDERHISTORY></Extra></CC5Request>",
    );
    expect(estV3Connector.report?.mode).toBe("per_order");
  });
});

describe("the order history answer", () => {
  it("reads a voided sale as the sale and its void, and a refused refund as failed", () => {
    const records = readOrderHistoryPage(
      order("20240102D8F1"),
      answer("20240102D8F1", {
        TRX1: "C\tD\t100\t100\t2024-01-02 21:53:02.486\t2024-01-02 21:53:02.486\t\t\t\t99\t24002V3CG19993",
        TRX2:
          "S\tV\t101\t101\t2024-01-02 21:52:59.261\t2024-01-02 21:52:59.261\t2024-01-02 21:53:01.297\t" +
          "400200744059\tP78955\t00\t24002V29G19979",
        TRXCOUNT: "2",
      }),
    );
    expect(records.map(without)).toEqual([
      {
        kind: "refund",
        orderId: "20240102D8F1",
        partnerReference: "24002V3CG19993",
        amount: "1.00",
        currency: "TRY",
        status: "failed",
        occurredAt: "2024-01-02T21:53:02+03:00",
      },
      {
        kind: "sale",
        orderId: "20240102D8F1",
        partnerReference: "24002V29G19979",
        amount: "1.01",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2024-01-02T21:52:59+03:00",
      },
      {
        kind: "void",
        orderId: "20240102D8F1",
        partnerReference: "24002V29G19979",
        amount: "1.01",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2024-01-02T21:53:01+03:00",
      },
    ]);
    expect(records[1]!.raw).toMatchObject({ line: "TRX2", state: "V", hostRefNum: "400200744059", authCode: "P78955" });
  });

  it("reads a closed sale, a pre-authorisation and a refund that gave money back", () => {
    const read = (oid: string, ...lines: string[]) =>
      readOrderHistoryPage(
        order(oid),
        answer(oid, { ...Object.fromEntries(lines.map((l, i) => [`TRX${i + 1}`, l])), TRXCOUNT: String(lines.length) }),
      ).map((r) => [r.kind, r.status, r.amount]);
    expect(
      read(
        "202401010C20",
        "S\tC\t101\t101\t2024-01-01 22:15:27.511\t2024-01-01 22:15:27.511\t\t400100743898\tP14578\t00\t24001WPbH16694",
      ),
    ).toEqual([["sale", "succeeded", "1.01"]]);
    expect(
      read("20240101CCCF", "S\tA\t205\t\t2024-01-01 22:28:30.716\t\t\t400100743899\tT56045\t00\t24001WceJ18839"),
    ).toEqual([["sale", "succeeded", "2.05"]]);
    expect(
      read(
        "20240101X",
        "C\tS\t40\t40\t2024-01-01 22:30:00.000\t2024-01-01 22:30:00.000\t\t400100743900\t\t00\tR1",
        "S\tS\t205\t200\t2024-01-01 22:28:30.716\t\t\t400100743899\tT56045\t00\tT1",
        "S\tD\t205\t\t2024-01-01 22:20:00.000\t\t\t\t\t51\tT0",
      ),
    ).toEqual([
      ["refund", "succeeded", "0.40"],
      ["sale", "succeeded", "2.00"],
      ["sale", "failed", "2.05"],
    ]);
  });

  it("reads the bank's 'No record found' as no records", () => {
    const none = answer(
      "20221030B3FF2",
      { TRXCOUNT: "0" },
      { ErrMsg: "No record found for 20221030B3FF2", ProcReturnCode: "05", Response: "Declined" },
    );
    expect(readOrderHistoryPage(order("20221030B3FF2"), none)).toEqual([]);
  });

  it("reads the answer as received, tabs and all", () => {
    const xml =
      "<CC5Response><ErrMsg></ErrMsg><ProcReturnCode>00</ProcReturnCode><Response>Approved</Response>" +
      "<OrderId>O-1</OrderId><Extra><NUMCODE>0</NUMCODE><TRXCOUNT>1</TRXCOUNT>" +
      "<TRX1>S\tA\t1250\t\t2026-03-01 10:00:00.000\t\t\t1\tP1\t00\tT1</TRX1></Extra></CC5Response>";
    expect(readOrderHistoryPage(order("O-1"), parseCC5Response(xml)!).map(without)).toEqual([
      {
        kind: "sale",
        orderId: "O-1",
        partnerReference: "T1",
        amount: "12.50",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2026-03-01T10:00:00+03:00",
      },
    ]);
  });

  it("refuses what it cannot read: another order, a miscounted or short line, an unknown state or time", () => {
    const line = "S\tA\t101\t\t2024-01-01 22:28:30.716\t\t\t1\tP\t00\tT";
    const bad: [string, Record<string, string>][] = [
      ["OTHER", { TRX1: line, TRXCOUNT: "1" }],
      ["O", { TRX1: line, TRXCOUNT: "2" }],
      ["O", { TRX1: "S\tA\t101", TRXCOUNT: "1" }],
      ["O", { TRX1: line.replace("\tA\t", "\tQ\t"), TRXCOUNT: "1" }],
      ["O", { TRX1: line.replace("2024-01-01 22:28:30.716", "01.01.2024"), TRXCOUNT: "1" }],
      ["O", { TRX1: line.replace("\t101\t", "\t1.01\t"), TRXCOUNT: "1" }],
    ];
    for (const [named, extra] of bad)
      expect(() => readOrderHistoryPage(order("O"), answer(named, extra)), JSON.stringify(extra)).toThrow(
        /EST order history of O/,
      );
  });

  it("takes a refused API user as refused and any other failure as one to ask again", () => {
    const failure = (errMsg: string) => {
      try {
        readOrderHistoryPage(order("O"), answer("O", {}, { ProcReturnCode: "99", Response: "Error", ErrMsg: errMsg }));
      } catch (error) {
        return error instanceof PartnerCallError ? error.failure.kind : "other";
      }
      return "none";
    };
    expect(failure("Kullanıcı doğrulanamadı (authorization failed)")).toBe("refused");
    expect(failure("System error, try again")).toBe("retry");
  });
});
