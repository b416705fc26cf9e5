import type { PartnerRecord, PartnerRecordKind } from "@/lib/integrations/connectors/report-port";

/** The kinds of difference a day can show (docs/reconciliation.md, "Matching"). */
export const DISCREPANCY_KINDS = ["ours_only", "partners_only", "amount_differs", "status_differs"] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** What our side of a partner account holds: a card charge or refund, a gateway's deposit or payout, a bank line. */
export type OurRecordKind = "sale" | "refund" | "deposit" | "payout";

/** One of our records, as the matching reads it. */
export type OurRecord = {
  /** Stable over reruns: names the row it comes from ("attempt:12", "refund:4", "tx:88", "line:9"). */
  key: string;
  kind: OurRecordKind;
  /** Every id the partner may name it by: our order ids as sent, the partner's reference of the order. */
  ids: string[];
  /** The partner's own id of this very record, where we hold it (a refund's reference, a bank line's). */
  partnerReference: string | null;
  amount: string;
  currency: string;
  status: "succeeded" | "failed" | "pending";
  at: Date;
  transactionId: number | null;
  providerId: number | null;
  dealerId: number | null;
  /**
   * What staff see of it beside the partner's record: read with a lookup (not kept for the day's records, which are
   * held as columns: withSummaries fills it in for the few drafted).
   */
  summary?: Record<string, unknown>;
};

/** A difference found by a run, before it is stored. */
export type DiscrepancyDraft = {
  kind: DiscrepancyKind;
  recordKind: PartnerRecordKind;
  /** Unique within the account and day, the same on every rerun. */
  key: string;
  orderId: string | null;
  amount: string;
  currency: string;
  ours: OurRecord | null;
  theirs: PartnerRecord | null;
};

/** The partner's record kinds each of our kinds is matched with. */
export const MATCHES: Record<PartnerRecordKind, OurRecordKind | null> = {
  sale: "sale",
  refund: "refund",
  void: "refund",
  deposit: "deposit",
  payout: "payout",
  // A chargeback is the acquirer's own move: nothing of ours stands for it, so it is always the partner's only.
  chargeback: null,
};
