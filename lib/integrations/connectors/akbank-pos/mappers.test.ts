import { describe, expect, it } from "vitest";
import type { AkbankAnswer } from "./client";
import { akbankPosConfigSchema } from "./config";
import { formHash } from "./crypt";
import { akbankOrderIdOf, buildPaymentPageForm, historyRequest, refundRequest } from "./request-mapper";
import { errorOf, mapHistory, mapReturn, readOrderHistory } from "./response-mapper";
import { readReturnForm, signedFields } from "./return-form";

/** mewebstudio/pos's test terminal and fixtures (AkbankPosResponseDataMapperTest, AkbankPosRequestDataMapperTest). */
const config = akbankPosConfigSchema.parse({
  merchantId: "2023090417500272654BD9A49CF07574",
  terminalId: "2023090417500284633D137A249DBBEB",
  secretKey:
    "3230323330393034313735303032363031353172675f357637355f3273387373745f7233725f73323333383737" +
    "335f323272383774767276327672323531355f",
});

const HOSTED_APPROVAL: Record<string, string> = {
  txnCode: "1000",
  responseCode: "VPS-0000",
  responseMessage: "BAŞARILI",
  hostResponseCode: "00",
  hostMessage: "000 ONAY KODU XXXXXX",
  txnDateTime: "2024-04-18T20:56:28.000",
  merchantSafeId: "2023090417500272654BD9A49CF07574",
  terminalSafeId: "2023090417500284633D137A249DBBEB",
  cardHolderName: "TD**",
  orderId: "2024041898FD",
  authCode: "306460",
  rrn: "411024360239",
  batchNumber: "43",
  stan: "90",
  additionalInstallCount: "0",
  deferingMonth: "2",
  ccbEarnedRewardAmount: "0.01",
  ccbBalanceRewardAmount: "215.66",
  ccbRewardDesc: "CHIP PARA",
  pcbEarnedRewardAmount: "0.00",
  pcbBalanceRewardAmount: "0.00",
  pcbRewardDesc: "",
  xcbEarnedRewardAmount: "0.00",
  xcbBalanceRewardAmount: "0.00",
  xcbRewardDesc: "",
  hashParams:
    "txnCode+responseCode+responseMessage+hostResponseCode+hostMessage+txnDateTime+merchantSafe" +
    "Id+terminalSafeId+orderId+cardHolderName+authCode+rrn+batchNumber+stan+additionalInstallCo" +
    "unt+deferingMonth+ccbEarnedRewardAmount+ccbBalanceRewardAmount+ccbRewardDesc+pcbEarnedRewa" +
    "rdAmount+pcbBalanceRewardAmount+xcbEarnedRewardAmount+xcbBalanceRewardAmount",
  hash: "o8cVLBkljHc+1Icpoa35agcd7UPvD57gFY+bp7MQYznHnOr3f71vvsJwnbIQ2hGGVJj1nAdkZrh/lcVCdtMA+g==",
};
const HOSTED_3D_FAILURE: Record<string, string> = {
  txnCode: "",
  responseCode: "VPS-1279",
  responseMessage: "BKM 3DS Server Doğrulama Başarısız",
  hostResponseCode: "",
  hostMessage: "",
  merchantSafeId: "",
  terminalSafeId: "",
  orderId: "20240418452F",
  hashParams: "responseCode+responseMessage+orderId",
  hash: "iW4wwqGV9h1ydKhpvhQ9Qeq2pOW+/HK0OB1AXoUlt/WlajbphFswh4Jy6BxTl4RAb2OICUnw+gy3UBPudHl5YA==",
};

const asMessage = (fields: Record<string, string>) => ({
  method: "POST",
  headers: {},
  rawBody: new URLSearchParams(fields).toString(),
  form: fields,
  query: {},
});
const signed = (fields: Record<string, string>) => signedFields(readReturnForm(asMessage(fields))!, config);

describe("configuration", () => {
  it("defaults to Akbank's test hosts and refuses unknown or missing keys by name", () => {
    expect(config).toMatchObject({
      gatewayUrl: "https://virtualpospaymentgatewaypre.akbank.com/payhosting",
      apiUrl: "https://apipre.akbank.com/api/v1/payment/virtualpos",
      acceptHalf3D: false,
      timeoutMs: 20_000,
    });
    const wrong = akbankPosConfigSchema.safeParse({ merchantId: "A1", terminalId: "B2", storekey: "x" });
    expect(wrong.success).toBe(false);
    const said = JSON.stringify(wrong.error?.issues);
    expect(said).toContain("secretKey");
    expect(said).toContain("storekey");
  });
  it("refuses a live page with the test API", () => {
    const mixed = akbankPosConfigSchema.safeParse({
      ...config,
      gatewayUrl: "https://virtualpospaymentgateway.akbank.com/payhosting",
    });
    expect(mixed.success).toBe(false);
  });
});

describe("hosted-page form", () => {
  const order = {
    orderId: "ORD-7K2M9Q-2",
    amount: "249.90",
    currency: "TRY",
    description: "x",
    returnUrl: "https://pay.example.test/api/returns/card/t?lang=en",
    notifyUrl: "",
    lang: "en" as const,
    customer: { id: "", name: "", surname: "", email: "a@b.c", phone: "", ip: "1.2.3.4" },
    expiresAt: "",
  };
  it("signs mewebstudio/pos's 3D_PAY_HOSTING fields, in Turkish local time", () => {
    const form = buildPaymentPageForm(config, order, new Date("2024-04-14T13:45:30.123Z"));
    expect(form).toMatchObject({
      paymentModel: "3D_PAY_HOSTING",
      txnCode: "3000",
      merchantSafeId: config.merchantId,
      terminalSafeId: config.terminalId,
      orderId: "ORD7K2M9Q2",
      lang: "EN",
      amount: "249.90",
      currencyCode: "949",
      installCount: "1",
      okUrl: order.returnUrl,
      failUrl: order.returnUrl,
      requestDateTime: "2024-04-14T16:45:30.000",
    });
    expect(form.randomNumber).toMatch(/^[0-9A-F]{128}$/);
    const { hash, ...fields } = form;
    expect(hash).toBe(formHash(fields, config.secretKey));
    expect(Object.keys(form)).not.toEqual(expect.arrayContaining(["creditCard", "cvv"]));
  });
  it("keeps letters and digits of our order id (an attempt's number stays its own)", () => {
    expect(akbankOrderIdOf("ORD-7K2M-2")).toBe("ORD7K2M2");
    expect(akbankOrderIdOf("ORD-7K2M-3")).not.toBe(akbankOrderIdOf("ORD-7K2M-2"));
    expect(() => akbankOrderIdOf("---")).toThrow();
  });
  it("writes refunds and the history as mewebstudio/pos does", () => {
    expect(refundRequest(config, "2020110828BC", "1.02", "TRY")).toMatchObject({
      version: "1.00",
      txnCode: "1002",
      order: { orderId: "2020110828BC" },
      transaction: { amount: "1.02", currencyCode: 949 },
    });
    const history = historyRequest(config, new Date("2024-04-13T10:00:00Z"), new Date("2024-04-14T09:59:59.999Z"));
    expect(history.report).toEqual({
      startDateTime: "2024-04-13T13:00:00.000",
      endDateTime: "2024-04-14T12:59:59.999",
    });
    expect(Object.keys(history).sort()).toEqual(["randomNumber", "report", "terminal"]);
  });
});

describe("the bank's return", () => {
  it("verifies mewebstudio/pos's hosted-page approval and reads it as a full 3-D approval", () => {
    const result = signed(HOSTED_APPROVAL);
    expect(result.ok).toBe(true);
    const fields = (result as { fields: Record<string, string> }).fields;
    expect(mapReturn(fields, "1.01", false)).toEqual({
      status: "approved",
      amount: "1.01",
      partnerReference: "411024360239",
      authCode: "306460",
      threeDSecure: "full",
    });
  });
  it("verifies the 3-D failure signed over three fields, a decline with Akbank's code", () => {
    const result = signed(HOSTED_3D_FAILURE);
    expect(result.ok).toBe(true);
    expect(mapReturn((result as { fields: Record<string, string> }).fields, "1.01", false)).toMatchObject({
      status: "declined",
      error: { code: "VPS-1279", message: "3-D Secure verification failed" },
    });
  });
  it("refuses a changed value, a shorter list, another terminal and a repeated field", () => {
    expect(signed({ ...HOSTED_APPROVAL, responseCode: "VPS-1005" })).toMatchObject({ ok: false });
    expect(signed({ ...HOSTED_APPROVAL, hashParams: "orderId" })).toMatchObject({
      ok: false,
      reason: "Akbank return does not sign responseCode",
    });
    expect(signedFields(readReturnForm(asMessage(HOSTED_APPROVAL))!, { ...config, terminalId: "X1" })).toMatchObject({
      ok: false,
      reason: "Akbank return for another terminal",
    });
    const twice = { ...asMessage(HOSTED_APPROVAL) };
    twice.rawBody += "&orderId=X";
    expect(readReturnForm(twice)).toBeNull();
  });
  it("a half 3-D approval is paid only where the dealer accepts it; the order id used before is no verdict", () => {
    const half = { responseCode: "VPS-0000", orderId: "A1", secureEcomInd: "06", rrn: "1" };
    expect(mapReturn(half, "5.00", true)).toMatchObject({ status: "approved", threeDSecure: "half" });
    expect(mapReturn(half, "5.00", false)).toMatchObject({ status: "declined", chargedAnyway: true });
    expect(mapReturn({ responseCode: "VPS-1013", orderId: "A1" }, "5.00", false)).toEqual({ status: "pending" });
  });
  it("names the card's bank's code where it gave one", () => {
    expect(errorOf({ responseCode: "VPS-1005", hostResponseCode: "51" })).toEqual({
      code: "51",
      message: "Insufficient funds",
    });
    expect(errorOf({ responseCode: "VPS-1073", responseMessage: "Geçerli talep tarihi giriniz." }).code).toBe(
      "VPS-1073",
    );
  });
});

const answerOf = (json: Record<string, unknown>): AkbankAnswer => ({
  responseCode: String(json.responseCode),
  responseMessage: String(json.responseMessage ?? ""),
  json,
});
const line = (over: Record<string, unknown>) => ({
  amount: 1.01,
  authCode: "305957",
  hostResponseCode: "00",
  orderId: "20240415ABDD",
  maskedCardNumber: "521807******2834",
  txnDateTime: "2024-04-15T20:41:03.165",
  responseCode: "VPS-0000",
  rrn: "410724359540",
  txnCode: "1000",
  txnStatus: "N",
  orgOrderId: "20240415ABDD",
  currencyCode: 949,
  batchNumber: 39,
  ...over,
});

describe("order history (1010)", () => {
  const history = (...lines: Record<string, unknown>[]) =>
    readOrderHistory(answerOf({ responseCode: "VPS-0000", txnDetailList: lines }), "20240415ABDD");
  it("reads mewebstudio/pos's fixtures: paid, cancelled, declined, not found", () => {
    expect(mapHistory(history(line({})) as never)).toEqual({
      status: "approved",
      amount: "1.01",
      partnerReference: "410724359540",
      authCode: "305957",
      currency: "TRY",
      card: { brand: "MasterCard", last4: "2834" },
    });
    expect(mapHistory(history(line({ txnStatus: "V" })) as never)).toMatchObject({ status: "cancelled" });
    const declined = line({ responseCode: "VPS-1005", hostResponseCode: "05", authCode: undefined });
    expect(mapHistory(history(declined) as never)).toMatchObject({ status: "declined", error: { code: "05" } });
    expect(readOrderHistory(answerOf({ responseCode: "VPS-1123", responseMessage: "İşlem bulunamadı" }), "X")).toBe(
      "none",
    );
  });
  it("shows the card its answer names (maskedCardNumber), none where it names none", () => {
    for (const masked of [undefined, "", "************"])
      expect(mapHistory(history(line({ maskedCardNumber: masked })) as never)).not.toHaveProperty("card");
  });
  it("refuses a history naming another order or an amount that is none", () => {
    expect(history(line({ orgOrderId: "OTHER", orderId: "OTHER" }))).toBeNull();
    expect(history(line({ amount: "1,01" }))).toBeNull();
    expect(readOrderHistory(answerOf({ responseCode: "VPS-1020" }), "X")).toBeNull();
  });
});
