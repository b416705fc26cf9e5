import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Who reads transactions through the API: a provider (every transaction it created, any method), the dealer
 * by its own API key (every transaction it created itself, through any of its integrations) or one of its
 * site integrations (only those that integration created: integrations are separate websites).
 */
export type ApiOwner = { providerId: number } | { dealerId: number; siteIntegrationId?: number };

/** The caller's transactions; anyone else's are as unknown as missing ones. */
export function ownedTransactionWhere(owner: ApiOwner): Prisma.TransactionWhereInput {
  if ("providerId" in owner) return { providerId: owner.providerId, origin: "PROVIDER" };
  return {
    dealerId: owner.dealerId,
    origin: "DEALER",
    ...(owner.siteIntegrationId === undefined ? {} : { siteIntegrationId: owner.siteIntegrationId }),
  };
}

/** The callbacks addressed to the caller (a dealer's transactions may also owe their provider one). */
export function ownedDeliveryWhere(owner: ApiOwner): Prisma.CallbackDeliveryWhereInput {
  if ("providerId" in owner) return { providerId: owner.providerId };
  return { dealerId: owner.dealerId };
}

/** The audit actor's words for an API caller. */
export function ownerLabel(owner: ApiOwner): string {
  if ("providerId" in owner) return `API provider #${owner.providerId}`;
  return owner.siteIntegrationId === undefined
    ? `API dealer #${owner.dealerId}`
    : `API dealer #${owner.dealerId}, site integration #${owner.siteIntegrationId}`;
}

/** The 404 for a code that is missing or not the caller's to see: the same words for both (no existence oracle). */
export function noTransaction(trackingCode: string): DomainError {
  return DomainError.notFound(refusal("noTransaction", { trackingCode }));
}
