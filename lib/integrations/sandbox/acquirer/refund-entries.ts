/**
 * A refund as the sandbox acquirer's books keep it (sandbox_acquirer_sessions.refund_ids): the merchant's
 * refund id, the amount and when it was made, `<refund id>|<amount>|<ISO time>`, so the acquirer can list
 * each refund of a day. Entries written before hold the refund id alone; their amount is the part of the
 * refunded total that the detailed entries do not account for.
 */
const ENTRY = /^(.+)\|(\d{1,16}\.\d{2})\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)$/;

export type RefundEntry = { refundId: string; amount: string | null; at: Date | null };

export function refundEntry(refundId: string, amount: string, at: Date): string {
  return `${refundId}|${amount}|${at.toISOString()}`;
}

export function readRefundEntry(entry: string): RefundEntry {
  const m = ENTRY.exec(entry);
  return m ? { refundId: m[1]!, amount: m[2]!, at: new Date(m[3]!) } : { refundId: entry, amount: null, at: null };
}

/** The merchant's refund ids the books hold, each once. */
export function refundIdsOf(entries: string[]): string[] {
  return entries.map((e) => readRefundEntry(e).refundId);
}

const cents = (amount: string) => BigInt(amount.replace(".", ""));
const decimal = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`;

/**
 * A session's refunds, each with its amount and time. What the books' refunded total holds beyond the
 * detailed entries (refunds recorded before entries kept their amount, or a refund made in the acquirer's
 * own back office) is one refund at the session's last change: under the only bare refund id if there is
 * one, else as the acquirer's own (`rf_panel_<session>`).
 */
export function refundsOf(session: {
  id: string;
  refundIds: string[];
  refundedAmount: { toFixed(places: number): string };
  updatedAt: Date;
}): { reference: string; amount: string; at: Date }[] {
  const entries = session.refundIds.map(readRefundEntry);
  const detailed = entries.filter((e) => e.amount !== null && e.at !== null);
  const bare = entries.filter((e) => e.amount === null);
  const refunds = detailed.map((e) => ({ reference: `rf_${e.refundId}`, amount: e.amount!, at: e.at! }));
  const rest = cents(session.refundedAmount.toFixed(2)) - detailed.reduce((sum, e) => sum + cents(e.amount!), 0n);
  if (rest > 0n)
    refunds.push({
      reference: bare.length === 1 ? `rf_${bare[0]!.refundId}` : `rf_panel_${session.id}`,
      amount: decimal(rest),
      at: session.updatedAt,
    });
  return refunds;
}
