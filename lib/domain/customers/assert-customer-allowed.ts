import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/** decisions §1: a blocked customer is refused on every create endpoint with the card endpoint's 403. */
export async function assertCustomerAllowed(db: Db, providerId: number, userId: string): Promise<void> {
  const blocked = await db.blockedCustomer.findUnique({ where: { providerId_userId: { providerId, userId } } });
  if (blocked) throw DomainError.forbidden("Customer blocked", refusal("customerBlocked"));
}
