import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";

export const BLOCKED_MESSAGE = "This customer is blocked. Payment not allowed.";

/** decisions §1: a blocked customer is refused on every create endpoint with the card endpoint's 403. */
export async function assertCustomerAllowed(db: Db, providerId: number, userId: string): Promise<void> {
  const blocked = await db.blockedCustomer.findUnique({ where: { providerId_userId: { providerId, userId } } });
  if (blocked) throw DomainError.forbidden("Customer blocked", BLOCKED_MESSAGE);
}
