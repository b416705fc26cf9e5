import type { Db } from "@/lib/db/prisma";
import type { EibanTransaction } from "@/lib/generated/prisma/client";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";

function normalizeName(name: string): string {
  return name.toLocaleUpperCase("tr-TR").replace(/\s+/g, " ").trim();
}

/**
 * decisions §5: an E-IBAN deposit completes automatically when its wallet reports an incoming payment of
 * the same amount whose description carries the tracking code, or whose sender is the customer, while
 * the deposit is open (showing or pending, not expired). Otherwise staff match it by hand.
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
  const byName = candidates.filter((t) => normalizeName(t.fullname) === normalizeName(line.senderName));
  // A name alone must point at one deposit: two open deposits of the same customer and amount are left to staff.
  const deposit = byReference ?? (byName.length === 1 ? byName[0] : undefined);
  if (!deposit || (deposit.status === "showing" && deposit.expiresAt && deposit.expiresAt < line.occurredAt)) return [];
  await tx.eibanTransaction.update({ where: { id: line.id }, data: { matchedTransactionId: deposit.id } });
  const { deliveryIds } = await transitionTransaction(tx, {
    id: deposit.id,
    from: ["showing", "pending"],
    to: "completed",
    actor: { type: "GATEWAY", id: "eiban-bank" },
    note: `Matched to incoming payment ${line.externalId} from ${line.senderName}`,
    data: { finalAmount: line.amount, completedAt: line.occurredAt },
  });
  return deliveryIds;
}
