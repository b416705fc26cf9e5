import type { Db } from "@/lib/base/db/prisma";
import { note } from "@/lib/base/messages/notes";
import { ACQUIRER } from "@/lib/domain/transactions/transition-actor";
import { applyTransition, evaluateTransition, type Transition } from "@/lib/domain/transactions/transition-transaction";
import type { CardAttempt, Transaction } from "@/lib/generated/prisma/client";
import type { PartnerError } from "@/lib/integrations/connectors/ports";
import type { ApplyResult } from "./apply-acquirer-outcome";
import { latestAttempt } from "./card-attempts";

/**
 * What a decline or a cancel of one attempt does to its payment, once the attempt has recorded it (under the
 * payment's lock). Null: the payment moves as the verdict says (reportOutcome: failed or cancelled, with its
 * callback, or a conflict raised for staff).
 *
 * - A verdict heard before is a repeat. One that agrees with a payment already decided (failed, cancelled,
 *   or paid by another attempt) is recorded on its attempt only.
 * - A late verdict about an earlier attempt changes nothing but that attempt: the latest attempt decides.
 * - A decline of the latest attempt (one the acquirer did not charge anyway) leaves the payment pending for another
 * card when the lifecycle table's
 *   retry rule (pending -> pending by the acquirer, `retry_left`) allows it: the move is written with its
 *   history note and owes no callback, so the provider hears once, of the final outcome.
 */
export async function settleAttemptVerdict(
  tx: Db,
  t: Transaction,
  attempt: CardAttempt,
  news: "new" | "same" | "other",
  verdict: { status: "declined" | "cancelled"; error: PartnerError; chargedAnyway?: true },
): Promise<ApplyResult | null> {
  if (news === "same") return "duplicate";
  const paid = t.status === "success" || t.status === "refunded";
  if (t.status !== "pending") return news === "other" && paid ? null : "duplicate";
  const latest = await latestAttempt(tx, t.id);
  if (latest && latest.id !== attempt.id) return "applied";
  // A cancel ends the payment; so does a decline the acquirer charged anyway: another card could be charged twice.
  if (verdict.status === "cancelled" || verdict.chargedAnyway) return null;
  const retry: Transition = {
    id: t.id,
    to: "pending",
    actor: ACQUIRER,
    note: note("attemptDeclined", {
      attempt: String(attempt.number),
      code: verdict.error.code,
      message: verdict.error.message,
    }),
  };
  const allowed = await evaluateTransition(tx, t, retry);
  if (!allowed.ok) return null;
  await applyTransition(tx, t, retry, allowed);
  return "applied";
}
