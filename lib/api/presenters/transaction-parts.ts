import type { Site, Transaction } from "@/lib/generated/prisma/client";
import { formatDateTime } from "@/lib/base/time/format";

/**
 * The provider create responses' common parts (deposits, withdrawals, card payments, third-party): site and customer
 * objects, the amount as a number.
 */
export function transactionParts(
  t: Pick<Transaction, "fullname" | "username" | "userId" | "amount">,
  site: Pick<Site, "id" | "name">,
) {
  return {
    site: { id: site.id, name: site.name },
    customer: { fullname: t.fullname, username: t.username, user_id: t.userId },
    amount: Number(t.amount.toFixed(2)),
  };
}

/** A time every transaction has once created (created_at, and expires_at where the method sets one). */
export function dateTime(d: Date | null): string {
  if (!d) throw new Error("A created transaction is missing a time it always has");
  return formatDateTime(d);
}
