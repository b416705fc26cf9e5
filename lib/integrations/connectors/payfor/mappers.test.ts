import { describe, expect, it } from "vitest";
import { readMinorUnits, writeAmount } from "../amount-format";
import type { CardOrder } from "../ports";
import { payforConfigSchema } from "./config";
import { formHash } from "./crypt";
import { buildRequest, parseXml } from "./payfor-xml";
import {
  buildHostForm,
  dayHistoryRequest,
  inquiryRequest,
  PAYFOR_AMOUNT,
  PAYFOR_ANSWERED_AMOUNT,
  payforOrderIdOf,
  refundRequest,
  voidRequest,
} from "./request-mapper";
import { mapInquiry, mapReturn, readHistory, saleOf } from "./response-mapper";
import { readReturnForm, verifyReturnHash } from "./return-form";

/**
 * Requests and answers against mewebstudio/pos's PayFor fixtures (PayForPosRequestDataMapperTest,
 * PayForPosResponseDataMapperTest, PayForPosSerializerTest): the test merchant 085300000009704, user
 * QNB_API_KULLANICI_3DPAY / UcBN0, 3-D Secure key 12345678.
 */
const config = payforConfigSchema.parse({
  merchantId: "085300000009704",
  username: "QNB_API_KULLANICI_3DPAY",
  password: "UcBN0",
  storeKey: "12345678",
});
const ACCOUNT = { merchantId: config.merchantId, storeKey: config.storeKey, username: config.username };

const order: CardOrder = {
  orderId: "ORD-7K2M9QX-2",
  amount: "100.10",
  currency: "TRY",
  description: "Deposit",
  returnUrl: "https://pay.example.test/api/returns/card/tok?lang=tr",
  notifyUrl: "https://pay.example.test/notify",
  lang: "tr",
  customer: { id: "c", name: "A", surname: "K", email: "a@example.test", phone: "+905551112233", ip: "203.0.113.7" },
  expiresAt: new Date(Date.now() + 900_000).toISOString(),
};

/** The 3D host success return of threeDHostPaymentDataProvider: the fields read, as the bank sent them. */
const SUCCESS: Record<string, string> = {
  MbrId: "5",
  MerchantID: "085300000009704",
  OrderId: "2022103121CA",
  SecureType: "3DHost",
  PurchAmount: "1.01",
  Currency: "949",
  TxnType: "Auth",
  ErrMsg: "Onaylandı",
  "3DStatus": "1",
  TxnResult: "Success",
  AuthCode: "S28031",
  HostRefNum: "230423100695",
  ProcReturnCode: "00",
  ResponseRnd: "PF638028543970517651",
  ResponseHash: "R3sOuVFWDP8nvu9mtVtvLxwlqow=",
  HashType: "Sha1",
  // Posted with the return, outside what ResponseHash signs.
  CardMask: "415565******6111",
};
const FAILED: Record<string, string> = {
  ...SUCCESS,
  OrderId: "202210316DBA",
  ErrMsg: "3D Secure Authorize Error",
  "3DStatus": "-1",
  TxnResult: "Failed",
  AuthCode: "",
  HostRefNum: "",
  ProcReturnCode: "MR15",
  ResponseRnd: "PF638028546475263865",
  ResponseHash: "7wnXcENucbamQSSzh95kRA8nzN8=",
};

describe("configuration", () => {
  it("defaults to QNB's test hosts and MbrId 5, and refuses unknown keys by name", () => {
    expect(config).toMatchObject({
      mbrId: "5",
      gatewayUrl: "https://vpostest.qnbfinansbank.com/Gateway/3DHost.aspx",
      apiUrl: "https://vpostest.qnbfinansbank.com/Gateway/XMLGate.aspx",
      acceptHalf3D: false,
    });
    const wrong = payforConfigSchema.safeParse({ ...config, storeKey: undefined, merchantPass: "x" });
    expect(wrong.success).toBe(false);
    expect(JSON.stringify(wrong.error?.issues)).toContain("merchantPass");
    expect(JSON.stringify(wrong.error?.issues)).toContain("storeKey");
  });

  it("refuses a test page with a live API, and a bank's host with the other bank's MbrId", () => {
    const mixed = payforConfigSchema.safeParse({
      ...config,
      apiUrl: "https://vpos.qnbfinansbank.com/Gateway/XMLGate.aspx",
    });
    expect(mixed.success).toBe(false);
    expect(mixed.error?.issues[0]?.path).toEqual(["apiUrl"]);
    const ziraat = payforConfigSchema.safeParse({ ...config, mbrId: "12" });
    expect(ziraat.error?.issues[0]?.path).toEqual(["mbrId"]);
    expect(
      payforConfigSchema.safeParse({
        ...config,
        mbrId: "12",
        gatewayUrl: "https://payfortestziraatkatilim.cordisnetwork.com/Mpi/3DHost.aspx",
        apiUrl: "https://payfortestziraatkatilim.cordisnetwork.com/Mpi/XMLGate.aspx",
      }).success,
    ).toBe(true);
  });
});

describe("requests", () => {
  it("builds the 3D host form of PayForPosRequestDataMapperTest's 3d_host case, signed over what it sends", () => {
    const form = buildHostForm(config, order, "1deda47050cd38112cbf91f4");
    expect(Object.keys(form)).toEqual([
      "MbrId",
      "MerchantID",
      "UserCode",
      "OrderId",
      "Lang",
      "SecureType",
      "TxnType",
      "PurchAmount",
      "InstallmentCount",
      "Currency",
      "OkUrl",
      "FailUrl",
      "Rnd",
      "Hash",
    ]);
    expect(form).toMatchObject({
      MbrId: "5",
      MerchantID: "085300000009704",
      UserCode: "QNB_API_KULLANICI_3DPAY",
      OrderId: "ORD7K2M9QX2",
      Lang: "tr",
      SecureType: "3DHost",
      TxnType: "Auth",
      PurchAmount: "100.1",
      InstallmentCount: "0",
      Currency: "949",
    });
    const signed = {
      mbrId: "5",
      orderId: "ORD7K2M9QX2",
      amount: "100.1",
      okUrl: order.returnUrl,
      failUrl: order.returnUrl,
      txnType: "Auth",
      installments: "0",
      rnd: "1deda47050cd38112cbf91f4",
    };
    expect(form.Hash).toBe(formHash(signed, "12345678"));
    // The card number never passes through us: no card field is in the form.
    expect(Object.keys(form).some((k) => /pan|cvv|expiry/i.test(k))).toBe(false);
  });

  it("writes amounts and order ids as PayFor takes them", () => {
    expect(["150.00", "249.90", "100.01", "0.50", "1000000.00"].map((a) => writeAmount(a, PAYFOR_AMOUNT))).toEqual([
      "150",
      "249.9",
      "100.01",
      "0.5",
      "1000000",
    ]);
    expect(["1.01", "100", "249.9", "1.001", "", "1,5"].map((a) => readMinorUnits(a, PAYFOR_ANSWERED_AMOUNT))).toEqual([
      101n,
      10000n,
      24990n,
      null,
      null,
      null,
    ]);
    expect(payforOrderIdOf("ORD-7K2M9QX-12")).toBe("ORD7K2M9QX12");
    expect(() => payforOrderIdOf("---")).toThrow();
  });

  it("writes the XMLGate requests of the request mapper tests (inquiry, history, void, refund)", () => {
    expect(inquiryRequest(config, "2020110828BC")).toEqual({
      MerchantId: "085300000009704",
      UserCode: "QNB_API_KULLANICI_3DPAY",
      UserPass: "UcBN0",
      MbrId: "5",
      OrgOrderId: "2020110828BC",
      SecureType: "Inquiry",
      Lang: "tr",
      TxnType: "OrderInquiry",
    });
    expect(dayHistoryRequest(config, "20220518")).toMatchObject({
      SecureType: "Report",
      TxnType: "TxnHistory",
      ReqDate: "20220518",
    });
    expect(voidRequest(config, "X1", "TRY")).toMatchObject({
      OrgOrderId: "X1",
      SecureType: "NonSecure",
      TxnType: "Void",
      Currency: "949",
    });
    expect(refundRequest(config, "X1", "5.00", "TRY")).toMatchObject({
      TxnType: "Refund",
      PurchAmount: "5",
      Currency: "949",
    });
    expect(buildRequest({ MerchantId: "0853", OrderId: "a&b" })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<PayforRequest><MerchantId>0853</MerchantId>' +
        "<OrderId>a&amp;b</OrderId></PayforRequest>\n",
    );
  });
});

describe("the bank's return", () => {
  it("verifies the published approved and failed 3D host returns, and maps them", () => {
    expect(verifyReturnHash(SUCCESS, ACCOUNT)).toEqual({ ok: true });
    expect(verifyReturnHash(FAILED, ACCOUNT)).toEqual({ ok: true });
    expect(mapReturn(SUCCESS, "1.01", false)).toEqual({
      status: "approved",
      amount: "1.01",
      partnerReference: "230423100695",
      authCode: "S28031",
      threeDSecure: "full",
    });
    expect(mapReturn(FAILED, "1.01", false)).toMatchObject({
      status: "declined",
      error: { code: "MR15", message: "3-D Secure authorisation error" },
    });
  });

  it("never shows the return's CardMask: ResponseHash does not cover it", () => {
    expect(verifyReturnHash({ ...SUCCESS, CardMask: "979204******1234" }, ACCOUNT)).toEqual({ ok: true });
    expect(mapReturn(SUCCESS, "1.01", false)).not.toHaveProperty("card");
  });

  it("refuses a changed signed field, a hash unlike its HashType, a signed field of the wrong shape", () => {
    const changes: Record<string, string>[] = [
      { ProcReturnCode: "51" },
      { "3DStatus": "2" },
      { AuthCode: "S28032" },
      { OrderId: "2022103121CB" },
      { ResponseHash: `${"A".repeat(43)}=` },
      { AuthCode: "S2803" },
    ];
    for (const change of changes) expect(verifyReturnHash({ ...SUCCESS, ...change }, ACCOUNT).ok).toBe(false);
    // The signed string run together cannot be re-cut: "" + "MR15" + "-1" is no "00" + "1".
    expect(verifyReturnHash({ ...FAILED, ProcReturnCode: "MR1", "3DStatus": "5-1" }, ACCOUNT).ok).toBe(false);
  });

  it("maps half 3-D, approvals without 3-D, declines and the gateway's own refusals", () => {
    const half = { ...SUCCESS, "3DStatus": "3" };
    expect(mapReturn(half, "1.01", true)).toMatchObject({ status: "approved", threeDSecure: "half" });
    expect(mapReturn(half, "1.01", false)).toMatchObject({
      status: "declined",
      error: {
        code: "HALF_3D",
        message: "Half 3-D Secure (3DStatus 3) is not accepted for this dealer; the bank charged the card",
      },
      chargedAnyway: true,
      threeDSecure: "half",
    });
    // PayFor names its verdict 3DStatus: the refusal's code says so.
    expect(mapReturn({ ...SUCCESS, "3DStatus": "-1" }, "1.01", true)).toMatchObject({
      status: "declined",
      error: { code: "3D-1", message: "Approved by the bank without 3-D Secure authentication; not accepted" },
      chargedAnyway: true,
    });
    expect(mapReturn({ ...FAILED, ProcReturnCode: "51", "3DStatus": "1" }, "1.01", false)).toMatchObject({
      status: "declined",
      error: { code: "51", message: "Insufficient funds" },
    });
    // 101310 "Verilen sipariş no önceden kullanılmıştır": no verdict on this payment (the order may be paid).
    expect(mapReturn({ ...FAILED, ProcReturnCode: "101310" }, "1.01", false)).toEqual({ status: "pending" });
  });

  it("reads the form as posted and refuses a repeated field", () => {
    const body = new URLSearchParams(SUCCESS).toString();
    const message = { method: "POST", headers: {}, rawBody: body, form: null, query: {} };
    expect(readReturnForm(message)).toEqual(SUCCESS);
    expect(readReturnForm({ ...message, rawBody: `${body}&ProcReturnCode=00` })).toBeNull();
  });
});

describe("the status inquiry", () => {
  /** The OrderInquiry answer of statusTestDataProvider's success1: the fields read. */
  const PAID: Record<string, string> = {
    MerchantID: "085300000009704",
    OrderId: "202210312A24",
    PurchAmount: "1.01",
    Currency: "949",
    TxnType: "Auth",
    AuthCode: "S90370",
    HostRefNum: "",
    ProcReturnCode: "00",
    CardMask: "415565******6111",
    F37: "230423101605",
    IsVoided: "false",
    ErrMsg: "Onaylandı",
  };
  const ours = { bankId: "202210312A24", amount: "1.01", currency: "TRY" };

  it("an approval shows the card the answer names; its 3-D level unsigned, paid only where half 3-D is taken", () => {
    expect(mapInquiry(PAID, ours, true)).toEqual({
      status: "approved",
      amount: "1.01",
      partnerReference: "230423101605",
      authCode: "S90370",
      currency: "TRY",
      card: { brand: "Visa", last4: "6111" },
    });
    expect(mapInquiry(PAID, ours, false)).toMatchObject({ status: "declined", error: { code: "3D_UNVERIFIED" } });
    expect(mapInquiry({ ...PAID, CardMask: "" }, ours, true)).not.toHaveProperty("card");
  });

  it("no record, another order or amount, a voided sale", () => {
    expect(mapInquiry({ ...PAID, ProcReturnCode: "V013", TxnType: "OrderInquiry" }, ours, true)).toEqual({
      status: "not_found",
    });
    expect(() => mapInquiry({ ...PAID, OrderId: "OTHER" }, ours, true)).toThrow("about another order");
    expect(() => mapInquiry({ ...PAID, PurchAmount: "2.01" }, ours, true)).toThrow("another amount");
    expect(mapInquiry({ ...PAID, IsVoided: "true" }, ours, true)).toMatchObject({ status: "cancelled" });
  });
});

describe("the history", () => {
  const extra = (closed: string) =>
    '<ExtraParameters xmlns="http://ocean.smartway.com/"><ArrayOfString><string>IsBatchClosed</string>' +
    `<string>${closed}</string></ArrayOfString><ArrayOfString><string>SettlementDate</string><string />` +
    "</ArrayOfString></ExtraParameters>";
  const line = (fields: Record<string, string>, closed = "True") =>
    '<PaymentRequestExtended><PaymentRequest xmlns="http://ocean.smartway.com/">' +
    Object.entries(fields)
      .map(([n, v]) => (v ? `<${n}>${v}</${n}>` : `<${n} />`))
      .join("\r\n      ") +
    `</PaymentRequest>${extra(closed)}</PaymentRequestExtended>`;
  const report = (...lines: string[]) =>
    parseXml(
      '<?xml version="1.0" encoding="utf-8"?><TxnHistoryReport xsi:noNamespaceSchemaLocation="TxnHistoryReport.xsd" ' +
        `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${lines.join("")}</TxnHistoryReport>`,
    )!;
  // success_pay_refund_fail_response.json: a sale and its refund refused in the same batch (V014).
  const sale = {
    OrderId: "202401211C79",
    TxnType: "Auth",
    PurchAmount: "1.01",
    Currency: "949",
    TxnStatus: "Y",
    ProcReturnCode: "00",
    AuthCode: "S83066",
    HostRefNum: "",
    F37: "402122258310",
    VoidDate: "",
    ReqDate: "20240121",
    InsertDatetime: "2024-01-21T22:14:23",
  };
  const refused = {
    ...sale,
    TxnType: "Refund",
    TxnStatus: "N",
    ProcReturnCode: "V014",
    F37: "402122258296",
    InsertDatetime: "2024-01-21T22:14:24",
  };

  it("reads an order's lines with their batch, and the sale among them", () => {
    const lines = readHistory(report(line(sale), line(refused)));
    expect(lines).not.toBe("none");
    const [first, second] = lines as Exclude<typeof lines, "none">;
    expect(first).toMatchObject({
      type: "Auth",
      code: "00",
      amountMinor: 101n,
      reference: "402122258310",
      batchClosed: true,
    });
    expect(second).toMatchObject({ type: "Refund", code: "V014", reference: "402122258296" });
    expect(saleOf(lines as Exclude<typeof lines, "none">)).toBe(first);
  });

  it("takes the bank's V013 echo of the request for no record, and another refusal for an error", () => {
    const echo = {
      OrderId: "202401010C2022",
      TxnType: "TxnHistory",
      ProcReturnCode: "V013",
      ErrMsg: "Seçili İşlem Bulunamadı!",
    };
    expect(readHistory(report(line(echo)))).toBe("none");
    expect(() => readHistory(report(line({ ...echo, ProcReturnCode: "V004" })))).toThrow(/refused/);
  });
});
