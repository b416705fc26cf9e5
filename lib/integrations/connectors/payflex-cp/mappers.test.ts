import { describe, expect, it } from "vitest";
import { payflexCpConfigSchema } from "./config";
import { payflexCpConnector } from "./index";
import {
  cancelRequest,
  payflexOrderIdOf,
  paymentQueryFields,
  refundRequest,
  registrationFields,
  searchRequest,
} from "./request-mapper";
import { mapPaymentAnswer, mapSearchStatus, readRegistration, readSearch, readVposResponse } from "./response-mapper";
import { parseXml } from "./xml";

/**
 * Requests and answers as mewebstudio/pos records them: PayFlexCPV4PosRequestDataMapperTest (registration, the query),
 * PayFlexCPV4PosResponseDataMapperTest (the query's answers), PayFlexV4PosSerializerTest and
 * PayFlexV4PosResponseDataMapperTest (search, cancel, refund).
 */
const config = payflexCpConfigSchema.parse({
  merchantId: "000000000111111",
  terminalId: "VP999999",
  password: "3XTgER89as",
});

const xmlOf = (root: string, fields: Record<string, string>) =>
  parseXml(
    `<${root}>${Object.entries(fields)
      .map(([n, v]) => `<${n}>${v}</${n}>`)
      .join("")}</${root}>`,
  )!;

describe("configuration", () => {
  it("defaults to VakıfBank's test hosts and refuses a live host in TEST mode, by name", () => {
    expect(config.gatewayUrl).toBe("https://cptest.vakifbank.com.tr/CommonPayment/api/RegisterTransaction");
    expect(config.queryUrl).toBe("https://onlineodemetest.vakifbank.com.tr:4443/UIService/Search.aspx");
    const live = payflexCpConfigSchema.safeParse({
      ...config,
      apiUrl: "https://cpweb.vakifbank.com.tr/CommonPayment/api/VposTransaction",
    });
    expect(live.success).toBe(false);
    expect(JSON.stringify(live.error?.issues)).toContain("mode");
    const typo = payflexCpConfigSchema.safeParse({ merchantId: "1", terminalId: "VP1", merchantPassword: "x" });
    expect(JSON.stringify(typo.error?.issues)).toMatch(
      /password[\s\S]*merchantPassword|merchantPassword[\s\S]*password/,
    );
    expect(payflexCpConnector.secretKeys).toEqual(["password"]);
  });
});

describe("requests", () => {
  it("registers as PayFlexCPV4PosRequestDataMapperTest's with_card_1, without the card (the page takes it)", () => {
    const fields = registrationFields(config, {
      orderId: "order222",
      amount: "100.00",
      currency: "TRY",
      description: "",
      returnUrl: "https://domain.com/success",
      notifyUrl: "",
      lang: "tr",
      customer: { id: "", name: "", surname: "", email: "", phone: "", ip: "" },
      expiresAt: "",
    });
    expect(fields).toEqual({
      HostMerchantId: "000000000111111",
      MerchantPassword: "3XTgER89as",
      HostTerminalId: "VP999999",
      TransactionType: "Sale",
      AmountCode: "949",
      Amount: "100.00",
      OrderID: "order222",
      IsSecure: "true",
      AllowNotEnrolledCard: "false",
      SuccessUrl: "https://domain.com/success",
      FailUrl: "https://domain.com/success",
      RequestLanguage: "tr-TR",
      Extract: "",
      CustomItems: "",
      HashedData: expect.any(String),
    });
    expect(paymentQueryFields(config, "3ee068d5b5a747ada65dafc0016d5887", "b35a56bf37334872a945afc0016d5887")).toEqual({
      HostMerchantId: "000000000111111",
      Password: "3XTgER89as",
      TransactionId: "3ee068d5b5a747ada65dafc0016d5887",
      PaymentToken: "b35a56bf37334872a945afc0016d5887",
    });
  });

  it("writes the search as PayFlexV4PosSerializerTest's test_status, and voids and refunds as the mapper does", () => {
    expect(searchRequest(config, "order222")).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><SearchRequest><MerchantCriteria>' +
        "<HostMerchantId>000000000111111</HostMerchantId>" +
        "<MerchantPassword>3XTgER89as</MerchantPassword></MerchantCriteria><TransactionCriteria>" +
        "<TransactionId></TransactionId>" +
        "<OrderId>order222</OrderId><AuthCode></AuthCode></TransactionCriteria></SearchRequest>",
    );
    expect(cancelRequest({ ...config, clientIp: "127.0.0.1" }, "T1")).toContain(
      "<MerchantId>000000000111111</MerchantId><Password>3XTgER89as</Password>" +
        "<TransactionType>Cancel</TransactionType>" +
        "<ReferenceTransactionId>T1</ReferenceTransactionId><ClientIp>127.0.0.1</ClientIp>",
    );
    expect(refundRequest(config, "T1", "1.01")).toContain(
      "<TransactionType>Refund</TransactionType><ReferenceTransactionId>T1</ReferenceTransactionId>" +
        "<CurrencyAmount>1.01</CurrencyAmount>",
    );
  });

  it("maps our order ids to letters and digits, each attempt its own", () => {
    expect(payflexOrderIdOf("ORD-7K2MABCDEFGH")).toBe("ORD7K2MABCDEFGH");
    expect(payflexOrderIdOf("ORD-7K2MABCDEFGH-2")).toBe("ORD7K2MABCDEFGH2");
    expect(() => payflexOrderIdOf("ORD-".padEnd(30, "A"))).toThrow();
  });
});

describe("answers", () => {
  const success = {
    Rc: "0000",
    AuthCode: "735879",
    Rrn: "306822971283",
    Message: "İŞLEM BAŞARILI",
    TransactionId: "3ee068d5b5a747ada65dafc0016d5887",
    PaymentToken: "b35a56bf37334872a945afc0016d5887",
    MaskedPan: "49384601****4205",
    HostMerchantId: "000100000013506",
    HostTerminalId: "VP000579",
    AmountCode: "949",
    Amount: "1,01",
    TransactionType: "Sale",
    OrderID: "2023030913ED",
    IsSecure: "True",
    AllowNotEnrolledCard: "True",
    HostDate: "20230309221037",
  };
  const asked = { transactionId: success.TransactionId, paymentToken: success.PaymentToken };
  const expected = { bankOrderId: "2023030913ED", amount: "1.01", currency: "TRY", merchantId: "000100000013506" };

  it("reads the query's approval (success_response_from_gateway_1), its level from how the page was registered", () => {
    // AllowNotEnrolledCard=True: the level is not said; a half-3-D dealer takes it, a full-3-D one does not.
    expect(mapPaymentAnswer(xmlOf("R", success), asked, expected, true)).toMatchObject({
      status: "approved",
      amount: "1.01",
      authCode: "735879",
      // The bank's answer to our authenticated query names the card: its MaskedPan.
      card: { brand: "Visa", last4: "4205" },
    });
    expect(mapPaymentAnswer(xmlOf("R", { ...success, MaskedPan: "" }), asked, expected, true)).not.toHaveProperty(
      "card",
    );
    expect(mapPaymentAnswer(xmlOf("R", success), asked, expected, false)).toMatchObject({
      status: "declined",
      error: { code: "3D_UNVERIFIED" },
      chargedAnyway: true,
    });
    expect(
      mapPaymentAnswer(xmlOf("R", { ...success, AllowNotEnrolledCard: "False" }), asked, expected, false),
    ).toMatchObject({ status: "approved", threeDSecure: "full" });
    expect(mapPaymentAnswer(xmlOf("R", { ...success, ECI: "06" }), asked, expected, false)).toMatchObject({
      status: "declined",
      error: { code: "HALF_3D" },
    });
    expect(mapPaymentAnswer(xmlOf("R", { ...success, IsSecure: "False" }), asked, expected, true)).toMatchObject({
      status: "declined",
      error: { code: "NOT_3D" },
    });
  });

  it("refuses an approval about another order, amount, merchant or token", () => {
    for (const changed of [
      { OrderID: "X" },
      { Amount: "1,00" },
      { AmountCode: "840" },
      { HostMerchantId: "1" },
      { PaymentToken: "b" },
    ])
      expect(typeof mapPaymentAnswer(xmlOf("R", { ...success, ...changed }), asked, expected, true)).toBe("string");
  });

  it("reads the query's declines (fail_response_from_gateway_1 and _2) and a refused query", () => {
    const fail = {
      Rc: "0057",
      AuthCode: "000000",
      ErrorCode: "0057",
      Message: "RED-KARTIN İŞLEM İZNİ YOK",
      PaymentToken: asked.paymentToken,
      TransactionId: asked.transactionId,
    };
    expect(mapPaymentAnswer(xmlOf("R", fail), asked, expected, false)).toMatchObject({
      status: "declined",
      error: { code: "0057", message: "Transaction not permitted to cardholder" },
    });
    expect(
      mapPaymentAnswer(xmlOf("R", { ...fail, Rc: "2053", Message: "VeRes status is E" }), asked, expected, false),
    ).toMatchObject({
      status: "declined",
      error: { code: "2053", message: "Declined by the bank (VeRes status is E)" },
    });
    expect(
      typeof mapPaymentAnswer(xmlOf("R", { ErrorCode: "9039", ResponseMessage: "x" }), asked, expected, false),
    ).toBe("string");
  });

  it("reads registrations (threeDFormDataProvider, testGet3DFormDataEnrollmentFail)", () => {
    expect(
      readRegistration(
        xmlOf("R", {
          CommonPaymentUrl: "https://cptest.vakifbank.com.tr/CommonPayment/SecurePayment",
          PaymentToken: "c5e076e7bf234a339c40afc10166c06d",
          ErrorCode: "",
        }),
      ),
    ).toEqual({
      ok: true,
      url: "https://cptest.vakifbank.com.tr/CommonPayment/SecurePayment",
      token: "c5e076e7bf234a339c40afc10166c06d",
    });
    expect(readRegistration(xmlOf("R", { ErrorCode: "5007", ResponseMessage: "Güvenlik Numarası Hatalı" }))).toEqual({
      ok: false,
      code: "5007",
      message: "Güvenlik Numarası Hatalı",
    });
  });

  it("reads the search (success_pay, fail1) and a VposResponse (PayFlexV4PosSerializerTest)", () => {
    const search = parseXml(
      "<SearchResponse><ResponseInfo><Status>Success</Status><ResponseCode>0000</ResponseCode>" +
        "<ResponseMessage>Succeeded.</ResponseMessage></ResponseInfo>" +
        "<TransactionSearchResultInfo><TransactionSearchResultInfo><MerchantId>655500056</MerchantId>" +
        "<TransactionType>Sale</TransactionType>" +
        "<TransactionId>b2d71cc5</TransactionId><OrderId>z2d71cc5</OrderId><ResultCode>0000</ResultCode>" +
        "<AuthCode>11234</AuthCode>" +
        "<HostDate>1130145930</HostDate><CurrencyAmount>90.50</CurrencyAmount>" +
        "<AmountCode>949</AmountCode><IsReversed>false</IsReversed>" +
        "<IsCanceled>false</IsCanceled><IsRefunded>false</IsRefunded></TransactionSearchResultInfo>" +
        "</TransactionSearchResultInfo></SearchResponse>",
    )!;
    const answer = readSearch(search)!;
    expect(mapSearchStatus(answer, { orderId: "Z-2D71CC5", bankOrderId: "z2d71cc5" }, true)).toMatchObject({
      status: "approved",
      amount: "90.50",
      orderId: "Z-2D71CC5",
      currency: "TRY",
    });
    expect(
      mapSearchStatus(
        { ...answer, records: [{ ...answer.records[0]!, IsCanceled: "true" }] },
        { orderId: "z", bankOrderId: "z2d71cc5" },
        true,
      ),
    ).toMatchObject({ status: "cancelled" });
    expect(mapSearchStatus({ ...answer, records: [] }, { orderId: "z", bankOrderId: "z" }, true)).toEqual({
      status: "not_found",
    });
    const fail1 = parseXml(
      "<SearchResponse><ResponseInfo><Status>Error</Status><ResponseCode>9065</ResponseCode>" +
        "<ResponseMessage>Üye isyeri bulunamadi</ResponseMessage></ResponseInfo></SearchResponse>",
    )!;
    expect(mapSearchStatus(readSearch(fail1)!, { orderId: "z", bankOrderId: "z" }, true)).toBeNull();
    const vpos = parseXml(
      '<?xml version="1.0" encoding="utf-8"?><VposResponse><ResultCode>9039</ResultCode>' +
        "<ResultDetail>Üye işyeri bulunamadı.</ResultDetail><InstallmentTable /></VposResponse>",
    )!;
    expect(readVposResponse(vpos)).toEqual({ code: "9039", detail: "Üye işyeri bulunamadı.", transactionId: "" });
  });

  it("an HTML page, a DOCTYPE, a repeated element or a bad reference is no answer", () => {
    expect(
      parseXml(
        "<html><head><title>Request Rejected</title></head><body>The requested URL was rejected.<br></body></html>",
      ),
    ).toBeNull();
    expect(parseXml('<!DOCTYPE R [<!ENTITY x "0000">]><R><Rc>&x;</Rc></R>')).toBeNull();
    expect(parseXml("<R><Rc>&#99999999;</Rc></R>")).toBeNull();
    expect(() =>
      mapPaymentAnswer(
        parseXml("<R><Rc>0051</Rc><Rc>0000</Rc></R>")!,
        { transactionId: "t", paymentToken: "p" },
        expected,
        true,
      ),
    ).toThrow();
    // A comment hides nothing and adds nothing.
    expect(
      readVposResponse(
        parseXml("<VposResponse><ResultCode>1083</ResultCode><!-- <ResultCode>0000</ResultCode> --></VposResponse>")!,
      )?.code,
    ).toBe("1083");
  });
});
