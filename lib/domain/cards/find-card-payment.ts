import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Transaction } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Who asks for a card payment's status: a provider, the dealer by its own API key (every payment the dealer
 * started, through any of its integrations), or one of the dealer's site integrations (only the payments
 * that integration started: integrations are separate websites and never read each other's customers).
 */
export type CardStatusOwner = { providerId: number } | { dealerId: number; siteIntegrationId?: number };

function isOwnedBy(
  t: {
    method: string;
    origin: string;
    providerId: number | null;
    dealerId: number | null;
    siteIntegrationId: number | null;
  },
  owner: CardStatusOwner,
): boolean {
  if (t.method !== "CREDIT_CARD") return false;
  if ("providerId" in owner) return t.providerId === owner.providerId;
  if (t.origin !== "DEALER" || t.dealerId !== owner.dealerId) return false;
  return owner.siteIntegrationId === undefined || t.siteIntegrationId === owner.siteIntegrationId;
}

/** The status record of the caller's own card payment; anyone else's is as unknown as a missing one. */
export async function cardPaymentStatus(trackingCode: string, owner: CardStatusOwner): Promise<Transaction> {
  const t = await prisma.transaction.findUnique({ where: { trackingCode } });
  const mine = t && isOwnedBy(t, owner);
  if (!t || !mine) throw DomainError.notFound(refusal("noCardPayment", { trackingCode }));
  return t;
}

/**
 * The id of the card payment a tracking code names, for a staff refund (the admin CLI's transaction:refund); any other
 * payment is as unknown as a missing one.
 */
export async function cardPaymentIdByTrackingCode(trackingCode: string): Promise<number> {
  const payment = await prisma.transaction.findUnique({ where: { trackingCode }, select: { id: true, method: true } });
  if (!payment || payment.method !== "CREDIT_CARD")
    throw DomainError.notFound(refusal("noCardPayment", { trackingCode }));
  return payment.id;
}
