import { describe, expect, it } from "vitest";
import { paymentStatus, payoutStatus, readPaymentList, readPayoutList } from "./report-mapper";

/**
 * The report's parser on NOWPayments' documented answers (API documentation, "Get list of payments" and
 * "List of payouts"), copied as published; the payment example's `//` comments are left out (not JSON), and
 * its order_id values, null there, are set for one payment to show the mapping of ours.
 */
const PAYMENT_LIST = {
  data: [
    {
      payment_id: 5592161154,
      invoice_id: 6200264890,
      payment_status: "partially_paid",
      pay_address: "address",
      payin_extra_id: null,
      price_amount: 1,
      price_currency: "usd",
      pay_amount: 12.5,
      actually_paid: 10,
      pay_currency: "trx",
      order_id: "TPWD-1",
      order_description: null,
      purchase_id: 5392971146,
      outcome_amount: 9.8505,
      outcome_currency: "trx",
      payout_hash: "hash",
      payin_hash: "hash",
      created_at: "2023-07-19T15:22:15.807Z",
      updated_at: "2023-07-19T15:27:10.477Z",
      type: "crypto2crypto",
      payment_extra_ids: [4526424492],
    },
    {
      payment_id: 4526424492,
      invoice_id: 6200264890,
      payment_status: "finished",
      pay_address: "address",
      payin_extra_id: null,
      price_amount: 1,
      price_currency: "usd",
      pay_amount: 12.5,
      actually_paid: 12.5,
      pay_currency: "trx",
      order_id: null,
      order_description: null,
      purchase_id: 5392971146,
      outcome_amount: 12.338,
      outcome_currency: "trx",
      payout_hash: "hash",
      payin_hash: "hash",
      created_at: "2023-07-19T15:22:15.754Z",
      updated_at: "2023-07-19T15:25:56.280Z",
      type: "crypto2crypto",
      parent_payment_id: 5592161154,
      origin_type: "REPEATED",
    },
  ],
  limit: 10,
  page: 0,
  pagesCount: 582,
  total: 5815,
};

const PAYOUT_LIST = {
  payouts: [
    {
      id: "5000248325",
      batch_withdrawal_id: "5000145498",
      status: "FINISHED",
      error: null,
      currency: "trx",
      amount: "94.088939",
      address: "[payout address]",
      extra_id: null,
      hash: "[hash]",
      ipn_callback_url: null,
      payout_description: null,
      is_request_payouts: true,
      unique_external_id: null,
      created_at: "2023-04-06T14:44:59.684Z",
      requested_at: "2023-04-06T14:45:55.505Z",
      updated_at: "2023-04-06T14:49:08.031Z",
    },
    {
      id: "5000247307",
      batch_withdrawal_id: "5000144539",
      status: "FINISHED",
      error: null,
      currency: "trx",
      amount: "10.000000",
      address: "[payout address]",
      extra_id: null,
      hash: "[hash]",
      ipn_callback_url: null,
      payout_description: null,
      is_request_payouts: true,
      unique_external_id: null,
      created_at: "2023-04-05T19:21:40.836Z",
      requested_at: "2023-04-05T19:23:17.111Z",
      updated_at: "2023-04-05T19:27:30.895Z",
    },
  ],
};

const JULY_19 = { from: new Date("2023-07-18T20:55:00Z"), to: new Date("2023-07-19T21:05:00Z") };
const APRIL = { from: new Date("2023-04-01T00:00:00Z"), to: new Date("2023-04-30T00:00:00Z") };

describe("NOWPayments report parser", () => {
  it("reads the documented payment list: deposits at the order's price, what arrived when partially paid", () => {
    const page = readPaymentList(PAYMENT_LIST, 0, JULY_19);
    expect(page).toMatchObject({ listed: 2, pagesCount: 582 });
    expect(page.records).toEqual([
      {
        kind: "deposit",
        orderId: "TPWD-1",
        partnerReference: "5592161154",
        // 1 USD asked as 12.5 TRX, 10 arrived: 0.80 USD at the payment's quote.
        amount: "0.80",
        currency: "USD",
        status: "pending",
        occurredAt: "2023-07-19T15:22:15.807Z",
        raw: PAYMENT_LIST.data[0],
      },
      {
        kind: "deposit",
        orderId: null,
        partnerReference: "4526424492",
        amount: "1.00",
        currency: "USD",
        status: "succeeded",
        occurredAt: "2023-07-19T15:22:15.754Z",
        raw: PAYMENT_LIST.data[1],
      },
    ]);
  });

  it("maps every documented payment and payout status", () => {
    expect(
      [
        "waiting",
        "confirming",
        "confirmed",
        "sending",
        "partially_paid",
        "finished",
        "failed",
        "refunded",
        "expired",
      ].map(paymentStatus),
    ).toEqual(["pending", "pending", "pending", "pending", "pending", "succeeded", "failed", "failed", "failed"]);
    expect(
      ["creating", "waiting", "processing", "sending", "finished", "failed", "rejected"].map(payoutStatus),
    ).toEqual(["pending", "pending", "pending", "pending", "succeeded", "failed", "failed"]);
  });

  it("reads the documented payout list: ours in the order's money, others in their coin", () => {
    const ours = {
      ...PAYOUT_LIST.payouts[0]!,
      unique_external_id: "TPWW-7",
      payout_description: "TPWW-7 1250.50 TRY",
    };
    const page = readPayoutList({ payouts: [ours, PAYOUT_LIST.payouts[1]] }, APRIL);
    expect(page.listed).toBe(2);
    expect(page.records.map((r) => [r.kind, r.orderId, r.partnerReference, r.amount, r.currency, r.status])).toEqual([
      ["payout", "TPWW-7", "5000248325", "1250.50", "TRY", "succeeded"],
      ["payout", null, "5000247307", "10.00", "TRX", "succeeded"],
    ]);
  });

  it("leaves records created outside the window out, and keeps nothing of an answer it cannot read", () => {
    expect(readPaymentList(PAYMENT_LIST, 0, APRIL).records).toEqual([]);
    expect(
      readPayoutList(PAYOUT_LIST, { from: APRIL.from, to: new Date("2023-04-06T00:00:00Z") }).records,
    ).toHaveLength(1);
    expect(() => readPaymentList({ ...PAYMENT_LIST, page: 1 }, 0, JULY_19)).toThrow(/page 1/);
    expect(() => readPaymentList({ payments: [] }, 0, JULY_19)).toThrow(/data array/);
    const undated: Record<string, unknown> = { ...PAYMENT_LIST.data[1] };
    delete undated.created_at;
    delete undated.updated_at;
    expect(() => readPaymentList({ data: [undated] }, 0, JULY_19)).toThrow(/created_at/);
    expect(() => readPaymentList({ data: [{ payment_id: 1, payment_status: "finished" }] }, 0, JULY_19)).toThrow(
      /price_amount/,
    );
    expect(() => readPayoutList({ data: [] }, APRIL)).toThrow(/payouts array/);
    expect(() => readPayoutList({ payouts: [{ id: "1" }] }, APRIL)).toThrow(/without id or status/);
  });
});
