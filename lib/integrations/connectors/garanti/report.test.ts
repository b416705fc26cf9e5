import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import type { GvpsAnswer } from "./client";
import { garantiConfigSchema } from "./config";
import { buildXml, parseXml, textAt, type XmlTree } from "./gvps-xml";
import { garantiConnector } from "./index";
import { gvpDateTime, listRequest, listWindows, readListPage, recordOf } from "./report";

/**
 * The order list inquiry (orderlistinq) against mewebstudio/pos's Garanti vectors: its request test's hash
 * (GarantiPosRequestDataMapperTest::historyRequestDataProvider, the test terminal 30691298 with PROVAUT's
 * 123qweASD/) and its recorded answers (tests/Unit/test_data/garanti/history/date_range_history.json, and the
 * refused one of GarantiPosResponseDataMapperTest::historyTestDataProvider), written back as GVP's XML.
 */
const config = garantiConfigSchema.parse({
  merchantId: "7000679",
  terminalId: "30691298",
  userId: "PROVAUT",
  password: "123qweASD/",
  storeKey: "12345678",
  refundPassword: "123qweASD/",
});

/** An answer as the client reads it, from the XML GVP sends. */
function answerOf(xml: string): GvpsAnswer {
  const root = parseXml(xml)!;
  return {
    root,
    code: textAt(root, "Transaction", "Response", "Code"),
    reasonCode: textAt(root, "Transaction", "Response", "ReasonCode"),
    message: textAt(root, "Transaction", "Response", "ErrorMsg") || textAt(root, "Transaction", "Response", "Message"),
  };
}

/** GVP's answer around an Order element and a Response. */
function gvpsResponse(order: string, response: XmlTree): string {
  const terminal = "<Terminal><ProvUserID>PROVAUT</ProvUserID><UserID>PROVAUT</UserID><ID>30691298</ID></Terminal>";
  const transaction = buildXml("Transaction", { Response: response }).replace(/^<\?xml[^>]*\?>/, "");
  const body = `<Mode></Mode>${terminal}${order}${transaction}`;
  return `<?xml version="1.0" encoding="UTF-8"?><GVPSResponse>${body}</GVPSResponse>`;
}

const APPROVED = { Source: "GVPS", Code: "00", ReasonCode: "", Message: "Approved", ErrorMsg: "", SysErrMsg: "" };

/** One OrderTxn of the recorded answer, the fields the fixture gives every line. */
function txn(fields: Record<string, string>): string {
  const line = {
    Id: "1",
    LastTrxDate: "2024-06-03 14:04:19",
    TrxType: "Satis",
    OrderID: "202406033030",
    Name: "",
    CardNumberMasked: "42822090****8015",
    ExpireDate: "0830",
    BankBin: "42822090",
    BatchNum: "576200",
    AuthCode: "304919",
    RetrefNum: "415501676495",
    OrigRetrefNum: "",
    InstallmentCnt: "Pesin",
    Status: "Basarili",
    AuthAmount: "1001",
    CurrencyCode: "TL",
    SafeType: "",
    UserId: "PROVAUT",
    Settlement: "N",
    ResponseCode: "00",
    SysErrMsg: "",
    ...fields,
  };
  return buildXml("OrderTxn", line).replace(/^<\?xml[^>]*\?>/, "");
}

function listAnswer(lines: string[], counts = { total: lines.length, pages: 1, page: 1 }): GvpsAnswer {
  const list =
    `<OrderTxnList><TotalTxnCount>${counts.total}</TotalTxnCount><TotalPageCount>${counts.pages}</TotalPageCount>` +
    `<ActPageNum>${counts.page}</ActPageNum>${lines.join("")}</OrderTxnList>`;
  const order = `<Order><OrderID></OrderID><GroupID></GroupID><OrderListInqResult>${list}</OrderListInqResult></Order>`;
  return answerOf(gvpsResponse(order, APPROVED));
}

/** date_range_history.json's five lines. */
const RECORDED = [
  txn({}),
  txn({
    Id: "2",
    LastTrxDate: "2024-06-03 14:04:29",
    TrxType: "Iade",
    AuthCode: "",
    RetrefNum: "415501676496",
    OrigRetrefNum: "415501676495",
    Status: "Basarisiz",
    AuthAmount: "801",
    UserId: "PROVRFN",
    Settlement: "E",
    ResponseCode: "05",
    SysErrMsg: "RPC-05 condition was raised",
  }),
  txn({
    Id: "3",
    LastTrxDate: "2024-06-03 14:20:59",
    OrderID: "__lwyvqzf9_____65848",
    ExpireDate: "0327",
    RetrefNum: "415501676585",
    AuthAmount: "490317",
    SafeType: "3D",
    UserId: "GARANTI",
  }),
  txn({
    Id: "4",
    LastTrxDate: "2024-06-03 14:50:07",
    OrderID: "00000093877E202406031450",
    RetrefNum: "415501676711",
    AuthAmount: "27600",
    SafeType: "3D",
    UserId: "KKB_USER",
  }),
  txn({
    Id: "5",
    LastTrxDate: "2024-06-03 15:09:57",
    TrxType: "On Otorizasyon",
    OrderID: "202406038F95",
    AuthCode: "",
    RetrefNum: "415501676775",
    Status: "Basarisiz",
    Settlement: "E",
    ResponseCode: "14",
    SysErrMsg: "HATALI KART NUMARASI.",
  }),
];

describe("the order list request", () => {
  it("signs as mewebstudio/pos's vector: an empty order id, amount 100, lira, PROVAUT's security data", () => {
    const [day] = listWindows(new Date("2022-05-18T00:00:00+03:00"), new Date("2022-05-19T00:00:00+03:00"));
    const request = listRequest(config, day!.start, day!.end, 1);
    expect(request).toEqual({
      Mode: "TEST",
      Version: "512",
      Terminal: {
        ProvUserID: "PROVAUT",
        HashData:
          "9B53A55199EBAD2F486089FD7310C4BC0C61A99FC37EF61F6BBAE67FA17E4764" +
          "1540B203E83C9F2E64DB64B971FE6FF604274316F6D010426D6AA91BE1D924E6",
        UserID: "PROVAUT",
        ID: "30691298",
        MerchantID: "7000679",
      },
      Customer: { IPAddress: "127.0.0.1", EmailAddress: "" },
      Order: {
        OrderID: "",
        GroupID: "",
        Description: "",
        StartDate: "18/05/2022 00:00",
        EndDate: "18/05/2022 23:59",
        ListPageNum: "1",
      },
      Transaction: {
        Type: "orderlistinq",
        Amount: "100",
        CurrencyCode: "949",
        CardholderPresentCode: "0",
        MotoInd: "N",
      },
    });
  });

  it("writes Turkish local minutes and covers a period in windows of at most 30 days, none overlapping", () => {
    expect(gvpDateTime(new Date("2026-01-31T21:30:59Z"))).toBe("01/02/2026 00:30");
    const windows = listWindows(new Date("2026-01-01T00:00:00+03:00"), new Date("2026-02-15T00:00:00+03:00"));
    expect(windows.map((w) => [gvpDateTime(w.start), gvpDateTime(w.end)])).toEqual([
      ["01/01/2026 00:00", "30/01/2026 23:59"],
      ["31/01/2026 00:00", "14/02/2026 23:59"],
    ]);
    expect(listWindows(new Date("2026-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"))).toEqual([]);
    // A period widened by seconds still starts and ends on whole minutes.
    const [odd] = listWindows(new Date("2026-01-01T20:55:30Z"), new Date("2026-01-02T21:05:10Z"));
    expect([gvpDateTime(odd!.start), gvpDateTime(odd!.end)]).toEqual(["01/01/2026 23:55", "03/01/2026 00:05"]);
  });
});

describe("the order list answer", () => {
  it("reads mewebstudio/pos's recorded day: sales, a refused refund and a refused pre-authorisation", () => {
    const read = readListPage(listAnswer(RECORDED), 1);
    if (read === "none") throw new Error("expected a page");
    expect(read.pages).toBe(1);
    expect(read.records.map((r) => ({ ...r, raw: undefined }))).toEqual([
      {
        kind: "sale",
        orderId: "202406033030",
        partnerReference: "415501676495",
        amount: "10.01",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2024-06-03T14:04:19+03:00",
      },
      {
        kind: "refund",
        orderId: "202406033030",
        partnerReference: "415501676496",
        amount: "8.01",
        currency: "TRY",
        status: "failed",
        occurredAt: "2024-06-03T14:04:29+03:00",
      },
      {
        kind: "sale",
        orderId: "__lwyvqzf9_____65848",
        partnerReference: "415501676585",
        amount: "4903.17",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2024-06-03T14:20:59+03:00",
      },
      {
        kind: "sale",
        orderId: "00000093877E202406031450",
        partnerReference: "415501676711",
        amount: "276.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2024-06-03T14:50:07+03:00",
      },
      {
        kind: "sale",
        orderId: "202406038F95",
        partnerReference: "415501676775",
        amount: "10.01",
        currency: "TRY",
        status: "failed",
        occurredAt: "2024-06-03T15:09:57+03:00",
      },
    ]);
    expect(read.records[1]!.raw).toMatchObject({ OrigRetrefNum: "415501676495", ResponseCode: "05" });
  });

  it("maps a void, a sale cancelled since, a pre-authorisation held and another currency", () => {
    const [voided, theVoid, held, dollars] = [
      txn({ Status: "Iptal" }),
      txn({ TrxType: "Iptal", RetrefNum: "415501676500", OrigRetrefNum: "415501676495" }),
      txn({ TrxType: "On Otorizasyon", RetrefNum: "1" }),
      txn({ CurrencyCode: "USD", RetrefNum: "2" }),
    ].map((xml) => recordOf(parseXml(xml)!));
    expect(voided).toMatchObject({ kind: "sale", status: "succeeded" });
    expect(theVoid).toMatchObject({ kind: "void", status: "succeeded", partnerReference: "415501676500" });
    expect(held).toMatchObject({ kind: "sale", status: "pending" });
    expect(dollars).toMatchObject({ currency: "USD", amount: "10.01" });
    expect(recordOf(parseXml(txn({ TrxType: "İade", Status: "Başarılı" }))!)).toMatchObject({
      kind: "refund",
      status: "succeeded",
    });
    expect(recordOf(parseXml(txn({ TrxType: "Odul Sorgulama" }))!)).toBeNull();
  });

  it("refuses what it cannot read: an unknown type or state, a bad amount or time, a page it did not ask", () => {
    const unreadable: Record<string, string>[] = [
      { TrxType: "Kismi Iptal" },
      { Status: "Beklemede" },
      { AuthAmount: "10.01" },
      { CurrencyCode: "XYZ" },
      { LastTrxDate: "03.06.2024 14:04" },
    ];
    for (const fields of unreadable)
      expect(() => readListPage(listAnswer([txn(fields)]), 1), JSON.stringify(fields)).toThrow(/Garanti order list/);
    expect(() => readListPage(listAnswer(RECORDED, { total: 5, pages: 1, page: 2 }), 1)).toThrow(/page 1, got 2/);
    expect(() => readListPage(listAnswer(RECORDED, { total: 2, pages: 1, page: 1 }), 1)).toThrow(/more lines/);
  });

  it("reads an empty day and GVP's no-record answer as no records", () => {
    expect(readListPage(listAnswer([], { total: 0, pages: 0, page: 1 }), 1)).toEqual({ pages: 0, records: [] });
    const none = gvpsResponse("<Order><OrderID></OrderID></Order>", {
      Source: "GVPS",
      Code: "92",
      ReasonCode: "0110",
      Message: "Declined",
      ErrorMsg: "İşlem bulunamadı",
      SysErrMsg: "ErrorId: 0110",
    });
    expect(readListPage(answerOf(none), 1)).toBe("none");
  });

  it("takes GVP's own refusal of the request (the recorded 92/0002) as refused, the host's failure as retry", () => {
    const refused = gvpsResponse(
      "<Order><OrderID></OrderID><GroupID></GroupID>" +
        "<OrderListInqResult><OrderTxnList></OrderTxnList></OrderListInqResult></Order>",
      {
        Source: "GVPS",
        Code: "92",
        ReasonCode: "0002",
        Message: "Declined",
        ErrorMsg: "Giriş yaptığınız işlem tipi için zorunlu alanları kontrol ediniz",
        SysErrMsg: "CustomerIPAddress field must contain value because of the Mandatory Rule:null",
      },
    );
    const error = (() => {
      try {
        readListPage(answerOf(refused), 1);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PartnerCallError);
    expect((error as PartnerCallError).failure).toMatchObject({ kind: "refused", error: { code: "0002" } });
    const host = gvpsResponse("<Order></Order>", { ...APPROVED, Source: "HOST", Code: "99", Message: "Declined" });
    expect(() => readListPage(answerOf(host), 1)).toThrow(PartnerCallError);
  });

  it("is the connector's report, listing a period", () => {
    expect(garantiConnector.report?.mode).toBe("list");
  });
});
