import { note } from "@/lib/base/messages/notes";
import { inTransaction } from "@/lib/base/db/transaction";
import { lifecycleOf, ruleFor } from "@/lib/domain/payment-methods";
import { noteAndRaiseOnce } from "@/lib/domain/transactions/history-note";
import { CUSTOMER } from "@/lib/domain/transactions/transition-actor";
import { lockTransaction } from "@/lib/domain/transactions/transition-transaction";

/**
 * The customer says "I have sent the money" but the deposit's time ran out (it expired, or expires_at
 * passed before the expiry job ran): the table refuses the move, but the money may be at the dealer, so
 * this is recorded in the deposit's history and raised in "Needs attention" once per deposit. Returns
 * whether it was a late one (false: the refusal had another reason and nothing was recorded).
 */
export async function flagLateSent(id: number): Promise<boolean> {
  return inTransaction(async (tx) => {
    const t = await lockTransaction(tx, id);
    // Only where the customer says "sent" at all (bank-transfer deposits), not where a gateway moves it on.
    const saysSent = lifecycleOf(t) !== null && ruleFor(lifecycleOf(t)!, "showing", "pending", "customer") !== null;
    const late =
      saysSent &&
      (t.status === "expired" || (t.status === "showing" && t.expiresAt !== null && t.expiresAt <= new Date()));
    if (!late) return false;
    await noteAndRaiseOnce(tx, t, CUSTOMER, {
      kind: "sent_after_expiry",
      source: "customer",
      message: note("sentAfterExpiry"),
      details: { status: t.status, amount: t.amount.toFixed(2), expiresAt: t.expiresAt?.toISOString() ?? null },
      dedupeKey: `sent_after_expiry:${t.id}`,
    });
    return true;
  });
}
