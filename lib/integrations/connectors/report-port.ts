/**
 * The report port: what a partner says it did over a period, for the daily reconciliation (docs/reconciliation.md).
 * A connector that offers it lists one Istanbul day of one partner account (a dealer's acquirer, a gateway, an
 * E-IBAN wallet) in the partner's own wire format, page by page, so a day of 100,000 records never sits in memory
 * at once. The domain matches each page against its own records and keeps every page as the partner sent it.
 *
 * Where the partner publishes no list (EST v3's public protocol has only the order history), the connector asks
 * per order: `query.orders` streams the order ids the service sent the partner that day (every card attempt),
 * and the connector asks for each one's history at the pace the partner allows, each answer a page.
 *
 * Like every port, it is pure integration: no database. A call that fails or an answer it cannot read throws
 * (PartnerCallError, or any error): the day stays "not reconciled" and is asked again later, never matched.
 */

/** What a record is at the partner. */
export type PartnerRecordKind = "sale" | "refund" | "void" | "chargeback" | "deposit" | "payout";

/** One thing the partner did, in our words; `raw` is the partner's own record, kept beside a discrepancy. */
export type PartnerRecord = {
  kind: PartnerRecordKind;
  /**
   * The order id the service gave the partner, as the record names it (a card attempt's order id, PayTR's
   * merchant_oid, GVP's letters-and-digits id, a gateway order's clientRef); null when the record names none of ours.
   * A refund, void or chargeback names the sale's order.
   */
  orderId: string | null;
  /** The partner's own id of this record (a transaction id, a payout id): what makes two records two. */
  partnerReference: string | null;
  /** Positive decimal string with two places, in `currency`. */
  amount: string;
  /** ISO 4217 alpha (TRY, USD). */
  currency: string;
  /** Whether it happened: a declined sale or a refused refund is `failed`, one still open `pending`. */
  status: "succeeded" | "failed" | "pending";
  /** When the partner says it happened (ISO 8601 with offset or Z). */
  occurredAt: string;
  raw: Record<string, unknown>;
};

/** One answer of the partner: its body as received (kept for audit) and the records read from it. */
export type ReportPage = { body: string; records: PartnerRecord[] };

/** An order of ours that the partner may hold, for partners reconciled order by order. */
export type ReportOrder = { orderId: string; amount: string; currency: string; partnerReference: string | null };

export type ReportQuery = {
  /** The Istanbul day (YYYY-MM-DD). */
  day: string;
  /** The day's bounds as instants, widened by a few minutes each side for records stamped across midnight. */
  from: Date;
  to: Date;
  /** The account's reference at the partner, where one connector configuration serves several (an IBAN). */
  account?: string;
  /** Our orders sent to the partner in the period (per-order partners only; list partners ignore it). */
  orders: () => AsyncIterable<ReportOrder>;
};

export interface PartnerReport<Config> {
  /** "list": the partner lists a period; "per_order": the partner answers per order (the day's orders asked). */
  readonly mode: "list" | "per_order";
  /** The partner's pages for the query, in order. Throws when a page cannot be had or read. */
  pages(config: Config, query: ReportQuery): AsyncIterable<ReportPage>;
}
