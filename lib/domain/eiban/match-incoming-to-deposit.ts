import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { note } from "@/lib/base/messages/notes";
import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { EibanTransaction } from "@/lib/generated/prisma/client";
import { BANK } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { foldName } from "@/lib/base/text/fold-text";

/**
 * decisions §5: an E-IBAN deposit completes automatically when its wallet reports an incoming payment of
 * the same amount whose description carries the tracking code, or whose sender is the customer, while
 * the deposit is open (showing or pending, not expired). Otherwise staff match it by hand. A payment that
 * names a deposit already canceled or expired is raised for staff: the money is on the account, the
 * customer not yet credited.
 */
export async function matchIncomingToDeposit(tx: Db, line: EibanTransaction): Promise<number[]> {
  const candidates = await tx.transaction.findMany({
    where: {
      method: "EIBAN",
      direction: "DEPOSIT",
      eibanWalletId: line.walletId,
      status: { in: ["showing", "pending"] },
      amount: line.amount,
      matchedBankLine: null,
      createdAt: { lte: line.occurredAt },
    },
    orderBy: { createdAt: "asc" },
  });
  const byReference = candidates.find((t) => line.description.toUpperCase().includes(t.trackingCode));
  // Statements print names in upper-case ASCII ("AYSE YILMAZ"); sites send them as typed ("Ayşe Yılmaz"):
  // both are folded alike (Turkish letters to their base, one case) before they are compared.
  const sender = foldName(line.senderName);
  const byName = sender ? candidates.filter((t) => foldName(t.fullname) === sender) : [];
  // A name alone must point at one deposit: two open deposits of the same customer and amount are left to staff.
  const deposit = byReference ?? (byName.length === 1 ? byName[0] : undefined);
  if (!deposit || (deposit.status === "showing" && deposit.expiresAt && deposit.expiresAt < line.occurredAt)) {
    await flagPaymentForClosedDeposit(tx, line);
    return [];
  }
  try {
    const { deliveryIds } = await transitionTransaction(tx, {
      id: deposit.id,
      to: "completed",
      actor: BANK,
      bankLineId: line.id,
      note: note("matched", { payment: line.externalId, sender: line.senderName }),
      data: { completedAt: line.occurredAt },
    });
    return deliveryIds;
  } catch (error) {
    // Staff closed it a moment ago (the row lock decided the order): the payment stays booked, unmatched.
    if (!(error instanceof DomainError && error.code === "INVALID_TRANSITION")) throw error;
    await flagPaymentForClosedDeposit(tx, line);
    return [];
  }
}

async function flagPaymentForClosedDeposit(tx: Db, line: EibanTransaction): Promise<void> {
  const codes = line.description.toUpperCase().match(/EIBAN-[A-Z0-9]{8}-\d+/g) ?? [];
  if (codes.length === 0) return;
  const closed = await tx.transaction.findFirst({
    where: {
      trackingCode: { in: codes },
      method: "EIBAN",
      direction: "DEPOSIT",
      eibanWalletId: line.walletId,
      status: { in: ["canceled", "expired"] },
    },
  });
  if (!closed) return;
  await raiseAlert(tx, {
    kind: "payment_for_closed_deposit",
    source: "eiban-bank",
    transaction: closed,
    message: note("paymentForClosed", {
      status: closed.status,
      amount: line.amount.toFixed(2),
      reference: line.externalId,
    }),
    details: { lineId: line.id, amount: line.amount.toFixed(2), sender: line.senderName },
    dedupeKey: `payment_for_closed_deposit:${line.id}`,
  });
}
