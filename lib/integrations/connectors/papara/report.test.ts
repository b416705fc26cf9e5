import { describe, expect, it } from "vitest";
import { instantOf, ledgerRecord, readLedgerPage, signedAmount } from "./report-mapper";

/**
 * The ledger parser on the answer Papara's clients document for "List Ledgers" (merchantApiClient-node and
 * -php: PaparaListResult of AccountLedger). Papara publishes the fields, not an example answer: the one below
 * fills every documented field, in the documented shape, with the currencyInfo its answers carry.
 */
const TRY_INFO = {
  currencyEnum: 0,
  symbol: "₺",
  code: "TRY",
  preferredDisplayCode: "TL",
  name: "Türk Lirası",
  isCryptocurrency: false,
  precision: 2,
  iconUrl: "https://cdn.papara.com/web/currency/try.svg",
};
const entry = (fields: Record<string, unknown>) => ({
  id: 41000001,
  createdAt: "2024-03-05T11:22:10.512Z",
  entryType: 8,
  entryTypeName: "Merchant Payment",
  amount: 150,
  fee: 0,
  currency: 0,
  currencyInfo: TRY_INFO,
  resultingBalance: 1000150,
  description: "Deposit TPWD-1",
  massPaymentId: null,
  checkoutPaymentId: "6666-5555-ABCD",
  checkoutReferenceId: "TPWD-1",
  ...fields,
});
const ANSWER_DATA = {
  items: [
    entry({}),
    entry({
      id: 41000002,
      entryType: 9,
      entryTypeName: "Payment Distribution",
      amount: -75.25,
      resultingBalance: 1000074.75,
      description: "Withdrawal TPWW-1",
      massPaymentId: "TPWW-1",
      checkoutPaymentId: null,
      checkoutReferenceId: null,
    }),
    entry({ id: 41000003, entryType: 1, entryTypeName: "Bank Transfer", amount: -500000, checkoutPaymentId: null }),
    entry({ id: 41000004, amount: -50, resultingBalance: 500024.75, description: "Refund" }),
  ],
  page: 1,
  pageItemCount: 50,
  totalItemCount: 4,
  totalPageCount: 1,
  pageSkip: 0,
};
const DAY = { from: new Date("2024-03-04T20:55:00Z"), to: new Date("2024-03-05T21:05:00Z") };

describe("Papara ledger parser", () => {
  it("reads checkout entries as deposits (refunds when money went out) and mass payments as payouts", () => {
    const page = readLedgerPage(ANSWER_DATA, 1, DAY);
    expect(page).toMatchObject({ listed: 4, totalPageCount: 1 });
    expect(page.records.map((r) => [r.kind, r.orderId, r.partnerReference, r.amount, r.currency, r.status])).toEqual([
      ["deposit", "TPWD-1", "6666-5555-ABCD", "150.00", "TRY", "succeeded"],
      ["payout", "TPWW-1", "41000002", "75.25", "TRY", "succeeded"],
      // The bank transfer (the merchant's own withdrawal) is no order: no record.
      ["refund", "TPWD-1", "41000004", "50.00", "TRY", "succeeded"],
    ]);
    expect(page.records[0]).toMatchObject({ occurredAt: "2024-03-05T11:22:10.512Z", raw: ANSWER_DATA.items[0] });
  });

  it("reads amounts exactly, signs included, and times with or without an offset", () => {
    expect(signedAmount(-75.25)).toEqual({ amount: "75.25", out: true });
    expect(signedAmount(1250.5)).toEqual({ amount: "1250.50", out: false });
    expect(signedAmount(1.005)).toBeNull();
    expect(signedAmount(null)).toBeNull();
    // Without an offset: Turkish time; .NET's seven fraction digits are cut to milliseconds.
    expect(instantOf("2024-03-05T14:22:10.5123456")?.toISOString()).toBe("2024-03-05T11:22:10.512Z");
    expect(instantOf("2024-03-05T14:22:10+03:00")?.toISOString()).toBe("2024-03-05T11:22:10.000Z");
    expect(instantOf("05.03.2024 14:22")).toBeNull();
  });

  it("takes the currency from currencyInfo when the enum is missing, and refuses what it cannot read", () => {
    expect(ledgerRecord(entry({ currency: null }))?.record.currency).toBe("TRY");
    expect(ledgerRecord(entry({ currency: 2, currencyInfo: null }))?.record.currency).toBe("EUR");
    expect(() => ledgerRecord(entry({ amount: "abc" }))).toThrow(/readable/);
    expect(() => ledgerRecord(entry({ createdAt: null }))).toThrow(/readable/);
    expect(() => ledgerRecord(entry({ currency: 7, currencyInfo: null }))).toThrow(/readable/);
    expect(() => ledgerRecord("entry")).toThrow(/not an entry/);
  });

  it("keeps the window and the page it asked for", () => {
    expect(readLedgerPage(ANSWER_DATA, 1, { from: DAY.to, to: new Date("2024-03-07T00:00:00Z") }).records).toEqual([]);
    expect(() => readLedgerPage({ ...ANSWER_DATA, page: 2 }, 1, DAY)).toThrow(/page 2/);
    expect(() => readLedgerPage({ entries: [] }, 1, DAY)).toThrow(/items/);
  });
});
