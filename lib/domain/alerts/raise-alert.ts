import type { Db } from "@/lib/base/db/prisma";
import { englishNote } from "@/lib/base/messages/english-notes";
import type { Note } from "@/lib/base/messages/notes";
import type { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";

/**
 * - `outcome_conflict`: a bank, acquirer or gateway reported an outcome the lifecycle no longer allows
 *   (someone decided first); recorded, not applied.
 * - `late_card_approval`: the acquirer approved (charged) a card payment that had already failed; refund it.
 * - `refund_unknown`: a card refund got no answer from the acquirer; it stays held and is checked at the
 *   acquirer until its records show it made or not made (then the alert is resolved by itself).
 * - `charge_not_accepted`: the acquirer charged a card payment the dealer does not accept (half 3-D Secure
 *   where that is off); the payment failed, the charge must be refunded at the acquirer.
 * - `inquiry_mismatch`: a status inquiry's approval names another order, amount or currency than ours; not applied.
 * - `payment_for_closed_deposit`: money arrived on an E-IBAN account for a deposit that is canceled or expired.
 * - `gateway_unreachable`: a withdrawal handed to its gateway has no answer after its expiry time.
 * - `sent_after_expiry`: the customer says they sent the money for a deposit whose time ran out; the money
 *   may be at the dealer with nobody crediting it (a manual deposit is then completed late, four eyes).
 * - `gateway_lost_order`: a gateway's status inquiry does not know a withdrawal it accepted (acknowledged,
 *   or a 409 "already have it"): we never send it again, so staff must look.
 * - `second_card_charge`: the acquirer approved a second charge of a card payment already paid (another
 *   checkout of the same order): it is not credited; refund that charge at the acquirer.
 * - `gateway_order_unconfirmed`: a gateway holds a withdrawal it refused to confirm (a payout whose
 *   verification was refused): not a refusal, since it may still be paid out; the status inquiry settles it.
 * - `foreign_bank_line`: a bank message, verified with one wallet's bank secret (or the sandbox bank's shared
 *   secret), named an account or a transfer that secret may not book: nothing was booked (admins only).
 * - `partner_answer_mismatch`: a partner's status inquiry answer or bank statement was not signed for our request,
 *   or named another order, direction or reference: not applied.
 * - `money_setting_changed`: staff changed what money moves through or who may approve it (a card acquirer,
 *   gateway or E-IBAN bank connector configuration; an admin account created, reactivated or given a new
 *   password): someone else checks that it was meant (money-setting-alert.ts).
 * - `collected_more`: a partner collected more from the customer than the order (PayTR documents it for an
 *   installment's interest or a payment method's surcharge); the order's amount was credited, staff see the rest.
 * - `reconciliation_discrepancy`: the day's reconciliation found the partner's records and ours differing (ours only,
 *   the partner's only, amount or status differs): nothing was applied; resolved with the discrepancy
 *   (docs/reconciliation.md).
 */
export const ALERT_KINDS = [
  "outcome_conflict",
  "late_card_approval",
  "refund_unknown",
  "charge_not_accepted",
  "inquiry_mismatch",
  "payment_for_closed_deposit",
  "gateway_unreachable",
  "sent_after_expiry",
  "gateway_lost_order",
  "second_card_charge",
  "gateway_order_unconfirmed",
  "foreign_bank_line",
  "partner_answer_mismatch",
  "money_setting_changed",
  "collected_more",
  "reconciliation_discrepancy",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export type NewAlert = {
  kind: AlertKind;
  source: string;
  transaction?: { id: number; trackingCode: string; dealerId: number; providerId: number | null } | null;
  transferId?: number | null;
  dealerId?: number | null;
  /** What happened (the console puts the transaction's tracking code before it). */
  message: Note;
  details?: Record<string, unknown>;
  /** The same report raises one alert, however often it arrives. */
  dedupeKey: string;
};

/** Records an alert for staff in the caller's database transaction; a repeat of the same report adds none. */
export async function raiseAlert(tx: Db, alert: NewAlert): Promise<void> {
  // In English for the log line and the text column; staff read the key in their language.
  const words = alert.transaction
    ? `${alert.transaction.trackingCode}: ${englishNote(alert.message)}`
    : englishNote(alert.message);
  const created = await tx.alert.createMany({
    data: {
      kind: alert.kind,
      source: alert.source,
      transactionId: alert.transaction?.id ?? null,
      transferId: alert.transferId ?? null,
      dealerId: alert.transaction?.dealerId ?? alert.dealerId ?? null,
      providerId: alert.transaction?.providerId ?? null,
      message: words,
      messageKey: alert.message.key,
      messageParams: alert.message.params as Prisma.InputJsonObject,
      details: (alert.details ?? undefined) as Prisma.InputJsonValue | undefined,
      dedupeKey: alert.dedupeKey,
    },
    skipDuplicates: true,
  });
  if (created.count)
    logger.warn(
      { alert: alert.kind, source: alert.source, transaction_id: alert.transaction?.id, dedupe_key: alert.dedupeKey },
      words,
    );
}
