import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { readAmount, writeAmount, writeAmountOrNull } from "../amount-format";
import type { CardOrder } from "../ports";
import { iyzicoConfigSchema } from "./config";
import { responseSignature } from "./crypt";
import {
  checkoutInitializeRequest,
  checkoutRetrieveRequest,
  IYZICO_ANSWERED_PRICE,
  IYZICO_PRICE,
} from "./request-mapper";
import { distrustOf, outcomeOfPayment, partnerErrorOf } from "./response-mapper";

const order: CardOrder = {
  orderId: "ORD-1",
  amount: "1250.70",
  currency: "TRY",
  description: "Deposit ORD-1",
  returnUrl: "https://pay.example/return/ORD-1",
  notifyUrl: "https://pay.example/notify",
  lang: "en",
  customer: {
    id: "C-9",
    name: "Ayşe",
    surname: "Yılmaz",
    email: "ayse@example.com",
    phone: "+905350000000",
    ip: "85.34.78.112",
  },
  expiresAt: "2026-11-24T15:00:00Z",
};

describe("config", () => {
  it("defaults to iyzico's sandbox and refuses unknown keys", () => {
    const config = iyzicoConfigSchema.parse({ apiKey: "a", secretKey: "s" });
    expect(config.baseUrl).toBe("https://sandbox-api.iyzipay.com");
    expect(iyzicoConfigSchema.safeParse({ apiKey: "a", secretKey: "s", merchantId: "x" }).success).toBe(false);
    expect(iyzicoConfigSchema.safeParse({ apiKey: "a" }).success).toBe(false);
    expect(iyzicoConfigSchema.parse({ apiKey: "a", secretKey: "s", baseUrl: "https://api.iyzipay.com/" }).baseUrl).toBe(
      "https://api.iyzipay.com",
    );
  });
});

describe("request mapper", () => {
  it(
    "sends our order id as basketId and conversationId, the amount as price, paidPrice and the one " + "basket item",
    () => {
      const request = checkoutInitializeRequest(order);
      expect(request).toMatchObject({
        conversationId: "ORD-1",
        basketId: "ORD-1",
        price: "1250.7",
        paidPrice: "1250.7",
        currency: "TRY",
        locale: "en",
        callbackUrl: order.returnUrl,
        enabledInstallments: [1],
      });
      expect(request.basketItems).toEqual([
        { id: "ORD-1", name: "Deposit ORD-1", category1: "Deposit", itemType: "VIRTUAL", price: "1250.7" },
      ]);
      expect(request.buyer).toMatchObject({
        id: "C-9",
        name: "Ayşe",
        surname: "Yılmaz",
        email: "ayse@example.com",
        ip: "85.34.78.112",
        identityNumber: "11111111111",
      });
    },
  );

  it("retrieves without a conversationId when the order is not known yet", () => {
    expect(checkoutRetrieveRequest("t", null)).toEqual({ locale: "tr", token: "t" });
    expect(checkoutRetrieveRequest("t", "ORD-1")).toEqual({ locale: "tr", conversationId: "ORD-1", token: "t" });
  });
});

describe("response mapper", () => {
  it("words iyzico's codes in plain English, falling back to the error group", () => {
    expect(partnerErrorOf({ errorCode: "10051", errorMessage: "Kart limiti yetersiz" })).toEqual({
      code: "10051",
      message: "Insufficient funds",
    });
    expect(partnerErrorOf({ errorCode: 10005 })).toEqual({ code: "10005", message: "Do not honour" });
    expect(partnerErrorOf({ errorCode: "10999", errorGroup: "NOT_PERMITTED_TO_CARDHOLDER" })).toEqual({
      code: "10999",
      message: "Not permitted to cardholder",
    });
    expect(partnerErrorOf({})).toEqual({ code: "IYZICO_FAILURE", message: "Payment not completed at iyzico" });
  });

  it("approves SUCCESS only when the fraud check passed", () => {
    const paid = { paymentStatus: "SUCCESS", paidPrice: 1250.7, authCode: "123456", paymentId: "22416035" };
    expect(outcomeOfPayment({ ...paid, fraudStatus: 1 }, "tok")).toEqual({
      status: "approved",
      amount: "1250.70",
      partnerReference: "tok",
      authCode: "123456",
      chargeReference: "22416035",
    });
    expect(outcomeOfPayment({ ...paid, fraudStatus: 0 }, "tok")).toEqual({ status: "pending" });
    expect(outcomeOfPayment({ ...paid, fraudStatus: -1 }, "tok")).toMatchObject({
      status: "declined",
      error: { code: "FRAUD_REJECTED" },
    });
    expect(outcomeOfPayment({ paymentStatus: "FAILURE", errorCode: "10051" }, "tok")).toEqual({
      status: "declined",
      error: { code: "10051", message: "Insufficient funds" },
      partnerReference: "tok",
    });
    expect(outcomeOfPayment({ paymentStatus: "INIT_THREEDS" }, "tok")).toEqual({ status: "pending" });
  });

  it("trusts an answer only with a valid signature, our order id and our amount", () => {
    const secret = "s3cret";
    const expected = { orderId: "ORD-1", amount: "1250.70", currency: "TRY" };
    const signed = (answer: Record<string, unknown>) => ({
      ...answer,
      signature: responseSignature("checkoutFormRetrieve", answer, secret),
    });
    const good = {
      status: "success",
      paymentStatus: "SUCCESS",
      paymentId: "77",
      currency: "TRY",
      basketId: "ORD-1",
      conversationId: "ORD-1",
      paidPrice: 1250.7,
      price: 1250.7,
      token: "tok",
    };
    expect(distrustOf("checkoutFormRetrieve", signed(good), secret, expected)).toBeNull();
    expect(distrustOf("checkoutFormRetrieve", { ...signed(good), paidPrice: 1.0 }, secret, expected)).toMatch(
      /signature/,
    );
    expect(distrustOf("checkoutFormRetrieve", signed({ ...good, paidPrice: 1.0 }), secret, expected)).toMatch(/amount/);
    expect(distrustOf("checkoutFormRetrieve", signed({ ...good, currency: "USD" }), secret, expected)).toMatch(
      /currency/,
    );
    expect(distrustOf("checkoutFormRetrieve", signed({ ...good, basketId: "ORD-2" }), secret, expected)).toMatch(
      /another order/,
    );
    expect(distrustOf("checkoutFormRetrieve", signed({ ...good, conversationId: "ORD-2" }), secret, expected)).toMatch(
      /another order/,
    );
    const noConversation = signed({ ...good, conversationId: undefined });
    expect(distrustOf("checkoutFormRetrieve", noConversation, secret, expected)).toMatch(/another order/);
    expect(distrustOf("checkoutFormRetrieve", noConversation, secret, expected, true)).toBeNull();
    expect(distrustOf("checkoutFormRetrieve", { status: "failure" }, secret, expected)).toMatch(/failure/);
  });
});

// The official client's own price formatting, which runs on everything we send.
const { formatPrice } = createRequire(import.meta.url)("iyzipay/lib/utils") as {
  formatPrice: (price: string) => string;
};

describe("amounts on iyzico's wire", () => {
  it(
    "writes prices as the client does (iyzipay-node test/unit/UtilsTest.js: '22.00' -> '22.0', '15.340000' -> " +
      "'15.34')",
    () => {
      for (const [ours, wire] of [
        ["22.00", "22.0"],
        ["15.34", "15.34"],
        ["1250.70", "1250.7"],
        ["0.05", "0.05"],
        ["9999999999999.99", "9999999999999.99"],
      ] as const) {
        expect(writeAmount(ours, IYZICO_PRICE)).toBe(wire);
        // What the client does to it (parseFloat) leaves it unchanged: nothing is rounded on the way out.
        expect(formatPrice(writeAmount(ours, IYZICO_PRICE))).toBe(wire);
        expect(formatPrice(ours)).toBe(wire);
      }
    },
  );

  it("refuses amounts a double cannot carry exactly, before any call", () => {
    expect(writeAmountOrNull("9999999999999.99", IYZICO_PRICE)).not.toBeNull();
    expect(writeAmountOrNull("99999999999999.99", IYZICO_PRICE)).toBeNull();
    expect(writeAmountOrNull("10.5", IYZICO_PRICE)).toBeNull();
    expect(() => writeAmount("12345678901234567.89", IYZICO_PRICE)).toThrow(RangeError);
  });

  it("reads iyzico's numbers and strings back as two-decimal strings", () => {
    expect(readAmount(10.5, IYZICO_ANSWERED_PRICE)).toBe("10.50");
    expect(readAmount(100, IYZICO_ANSWERED_PRICE)).toBe("100.00");
    expect(readAmount("1250.70000000", IYZICO_ANSWERED_PRICE)).toBe("1250.70");
    expect(readAmount(9999999999999.99, IYZICO_ANSWERED_PRICE)).toBe("9999999999999.99");
    expect(readAmount(0.001, IYZICO_ANSWERED_PRICE)).toBeNull();
    expect(readAmount(-1, IYZICO_ANSWERED_PRICE)).toBeNull();
    expect(readAmount("1e3", IYZICO_ANSWERED_PRICE)).toBeNull();
    expect(readAmount(null, IYZICO_ANSWERED_PRICE)).toBeNull();
  });
});
