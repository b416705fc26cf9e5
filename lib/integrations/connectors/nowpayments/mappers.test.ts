import { describe, expect, it } from "vitest";
import { PartnerCallError } from "../ports";
import { failureOf } from "./client";
import { nowpaymentsConfigSchema, sandboxCaseOf } from "./config";
import {
  createPaymentBody,
  createPayoutBody,
  payCurrencyOf,
  payoutCoinAmount,
  readPayoutDescription,
} from "./request-mapper";
import {
  partialFiatAmount,
  partnerErrorOf,
  paymentOutcome,
  payoutOutcome,
  readPayment,
  readPayout,
  readPayoutStatus,
} from "./response-mapper";

const order = {
  clientRef: "DEP-1",
  amount: "1250.50",
  currency: "TRY",
  cryptoType: "USDT-TRC20",
  notifyUrl: "https://pay.example/ipn",
  returnUrl: "https://pay.example/back",
  customer: { id: "c1", name: "Ada", email: "a@example.com" },
};

describe("request mapping", () => {
  it("maps our crypto types to NOWPayments' tickers and refuses the rest before any call", () => {
    expect(payCurrencyOf("USDT-TRC20")).toEqual({ ticker: "usdttrc20", network: "TRC20" });
    expect(payCurrencyOf("TRX").ticker).toBe("trx");
    expect(payCurrencyOf("eth").ticker).toBe("eth");
    expect(payCurrencyOf("BTC").ticker).toBe("btc");
    expect(() => payCurrencyOf("DOGE")).toThrow(PartnerCallError);
    expect(() => payCurrencyOf(undefined)).toThrow(/not offered/);
  });
  it("writes the create-payment body with our clientRef as order_id and lower-case currencies", () => {
    expect(createPaymentBody(order)).toEqual({
      price_amount: 1250.5,
      price_currency: "try",
      pay_currency: "usdttrc20",
      ipn_callback_url: "https://pay.example/ipn",
      order_id: "DEP-1",
      order_description: "Deposit DEP-1",
    });
    expect(createPaymentBody(order, "partially_paid")).toMatchObject({ order_id: "DEP-1", case: "partially_paid" });
  });
  it("writes one payout per batch, rounded down to six decimals, with our reference and fiat amount", () => {
    expect(payoutCoinAmount("36.2463768115")).toBe("36.246376");
    const body = createPayoutBody(
      {
        clientRef: "WD-9",
        amount: "1250.5",
        currency: "TRY",
        account: { crypto_type: "TRX", wallet_address: "TXYZ" },
        notifyUrl: "https://pay.example/ipn",
      },
      "151.575757",
    );
    expect(body).toEqual({
      ipn_callback_url: "https://pay.example/ipn",
      payout_description: "WD-9 1250.50 TRY",
      withdrawals: [
        {
          address: "TXYZ",
          currency: "trx",
          amount: 151.575757,
          ipn_callback_url: "https://pay.example/ipn",
          unique_external_id: "WD-9",
        },
      ],
    });
    expect(readPayoutDescription("WD-9 1250.50 TRY")).toEqual({
      clientRef: "WD-9",
      amount: "1250.50",
      currency: "TRY",
    });
    expect(readPayoutDescription("salary")).toBeNull();
  });
});

describe("payment outcomes", () => {
  const base = {
    payment_id: 5745459419,
    payment_status: "waiting",
    price_amount: 1000,
    price_currency: "try",
    pay_amount: 29,
    actually_paid: 0,
    pay_currency: "usdttrc20",
    order_id: "DEP-1",
    pay_address: "Tabc",
  };
  const outcome = (changes: Record<string, unknown>) => paymentOutcome(readPayment({ ...base, ...changes })!);
  it.each(["waiting", "confirming", "confirmed", "sending"])("%s is pending", (status) =>
    expect(outcome({ payment_status: status })).toEqual({ status: "pending" }),
  );
  it("finished is approved for the price, with the payment id as reference", () => {
    expect(outcome({ payment_status: "finished", actually_paid: 29 })).toEqual({
      status: "approved",
      amount: "1000.00",
      partnerReference: "5745459419",
    });
  });
  it("partially_paid credits nothing: pending, with what arrived (in fiat at the quote, rounded down)", () => {
    expect(outcome({ payment_status: "partially_paid", actually_paid: 20 })).toEqual({
      status: "pending",
      partiallyPaid: { amount: "689.65", paid: "20", asset: "usdttrc20" },
    });
    expect(partialFiatAmount({ priceAmount: "1000", payAmount: "29", actuallyPaid: "30" })).toBe("1000.00");
    expect(outcome({ payment_status: "partially_paid", actually_paid: 0 })).toEqual({ status: "pending" });
  });
  it("failed and refunded are declined, expired is cancelled, each with a plain reason", () => {
    expect(outcome({ payment_status: "failed" })).toMatchObject({ status: "declined", error: { code: "FAILED" } });
    expect(outcome({ payment_status: "refunded" })).toMatchObject({ status: "declined", error: { code: "REFUNDED" } });
    expect(outcome({ payment_status: "expired" })).toMatchObject({
      status: "cancelled",
      error: { code: "EXPIRED", message: "The customer did not pay before the payment expired" },
    });
  });
  it("a re-deposit (child payment) waits for staff", () => {
    expect(outcome({ payment_status: "finished", parent_payment_id: 1 })).toEqual({ status: "pending" });
  });
  it("reads nothing from what is not a payment", () => {
    expect(readPayment({ payment_status: "finished" })).toBeNull();
    expect(readPayment([])).toBeNull();
  });
});

describe("payout outcomes", () => {
  const payout = (status: string, error: string | null = null) =>
    readPayout({
      id: "5100000001",
      batch_withdrawal_id: "5000000001",
      status,
      error,
      currency: "trx",
      amount: "151.575757",
      address: "TXYZ",
      unique_external_id: "WD-9",
      payout_description: "WD-9 1250.50 TRY",
    })!;
  it.each(["CREATING", "WAITING", "PROCESSING", "SENDING"])("%s is pending", (status) =>
    expect(payoutOutcome(payout(status))).toEqual({ status: "pending" }),
  );
  it("FINISHED is approved for the fiat amount we converted", () =>
    expect(payoutOutcome(payout("FINISHED"))).toEqual({
      status: "approved",
      amount: "1250.50",
      partnerReference: "5100000001",
    }));
  it(
    "reads the status answer as the payout's batch (SDK), or the documentation's bare array, snake or " + "camel case",
    () => {
      const one = {
        id: "5100000001",
        batch_withdrawal_id: "5000000001",
        status: "WAITING",
        currency: "trx",
        amount: "1",
        address: "TXYZ",
        unique_external_id: "WD-9",
      };
      expect(
        readPayoutStatus({ id: "5000000001", createdAt: "2020-11-12T17:06:12.791Z", withdrawals: [one] }),
      ).toMatchObject([{ id: "5100000001", uniqueExternalId: "WD-9" }]);
      expect(readPayoutStatus([one])).toMatchObject([{ id: "5100000001" }]);
      expect(
        readPayout({
          id: "5100000002",
          batchWithdrawalId: "5000000002",
          status: "FINISHED",
          uniqueExternalId: "WD-8",
          payoutDescription: "WD-8 10.00 TRY",
        }),
      ).toMatchObject({ batchId: "5000000002", uniqueExternalId: "WD-8", ours: { amount: "10.00" } });
      // The batch itself is not a payout, and an unknown shape is none.
      expect(readPayout({ id: "5000000001", withdrawals: [one] })).toBeNull();
      expect(readPayoutStatus({ message: "?" })).toBeNull();
    },
  );
  it("FAILED and REJECTED are declined with NOWPayments' error", () => {
    expect(payoutOutcome(payout("FAILED", "Insufficient network fee"))).toMatchObject({
      status: "declined",
      error: { code: "PAYOUT_FAILED", message: "Payout failed: Insufficient network fee" },
    });
    expect(payoutOutcome(payout("REJECTED"))).toMatchObject({ status: "declined", error: { code: "PAYOUT_REJECTED" } });
  });
});

describe("failure classification", () => {
  const kind = (status: number, body: unknown = {}, retryAfterMs?: number) =>
    failureOf({ status, body, ...(retryAfterMs ? { retryAfterMs } : {}) }, "POST /payment").failure;
  it("documented refusals (400, 401, 403) are a definite no with a plain message", () => {
    expect(kind(403, { status: false, statusCode: 403, code: "INVALID_API_KEY", message: "Invalid api key" })).toEqual({
      kind: "refused",
      error: { code: "INVALID_API_KEY", message: "The API key is not valid" },
    });
    expect(kind(401, { code: "AUTH_REQUIRED" })).toMatchObject({ kind: "refused", error: { code: "AUTH_REQUIRED" } });
    expect(kind(400, { code: "SOMETHING_NEW", message: "amountTo is too small" })).toEqual({
      kind: "refused",
      error: { code: "SOMETHING_NEW", message: "NOWPayments: amountTo is too small" },
    });
    expect(partnerErrorOf(400, "not json")).toEqual({ code: "HTTP_400", message: "NOWPayments answered HTTP 400" });
  });
  it("429 (with Retry-After), 408, 5xx and undocumented 4xx are retried", () => {
    expect(kind(429, {}, 1000)).toEqual({
      kind: "retry",
      reason: "NOWPayments rate limit on POST /payment",
      retryAfterMs: 1000,
    });
    for (const status of [408, 500, 502, 503, 404]) expect(kind(status).kind).toBe("retry");
  });
});

describe("configuration", () => {
  const valid = {
    apiKey: "k",
    ipnSecret: "s",
    email: "m@example.com",
    password: "p",
    twoFactorSecret: "JBSWY3DPEHPK3PXP",
  };
  it("defaults to the sandbox host and refuses unknown keys", () => {
    expect(nowpaymentsConfigSchema.parse(valid).baseUrl).toBe("https://api-sandbox.nowpayments.io/v1");
    expect(nowpaymentsConfigSchema.parse({ ...valid, baseUrl: "https://api.nowpayments.io/v1/" }).baseUrl).toBe(
      "https://api.nowpayments.io/v1",
    );
    expect(nowpaymentsConfigSchema.safeParse({ ...valid, merchantId: "x" }).success).toBe(false);
    expect(nowpaymentsConfigSchema.safeParse({ ...valid, twoFactorSecret: "not-base32!" }).success).toBe(false);
  });
  it("sends the sandbox's case on the sandbox (success unless configured), never to the live host", () => {
    expect(sandboxCaseOf(nowpaymentsConfigSchema.parse(valid))).toBe("success");
    expect(sandboxCaseOf(nowpaymentsConfigSchema.parse({ ...valid, sandboxCase: "partially_paid" }))).toBe(
      "partially_paid",
    );
    expect(
      sandboxCaseOf(
        nowpaymentsConfigSchema.parse({ ...valid, baseUrl: "http://127.0.0.1:4555/v1", sandboxCase: "success" }),
      ),
    ).toBe("success");
    expect(
      sandboxCaseOf(nowpaymentsConfigSchema.parse({ ...valid, baseUrl: "https://api.nowpayments.io/v1" })),
    ).toBeNull();
    expect(
      nowpaymentsConfigSchema.safeParse({ ...valid, baseUrl: "https://api.nowpayments.io/v1", sandboxCase: "success" })
        .success,
    ).toBe(false);
    expect(nowpaymentsConfigSchema.safeParse({ ...valid, sandboxCase: "Success!" }).success).toBe(false);
  });
});
