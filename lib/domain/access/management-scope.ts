import type { ConsoleUser } from "@/lib/domain/access/console-user";
import type { Prisma } from "@/lib/generated/prisma/client";

// The management screens' tenancy, next to siteScope and friends in tenant-scope.ts. A user without
// the tenant id their role needs matches nothing (-1), never everything.

/** Providers: all for admins, their own for provider viewers, none for dealer staff. */
export function providerScope(user: ConsoleUser): Prisma.ProviderWhereInput {
  if (user.role === "ADMIN") return {};
  return { id: user.role === "PROVIDER" ? (user.providerId ?? -1) : -1 };
}

/** Dealers: all for admins, their own for dealer staff, none for provider viewers. */
export function dealerScope(user: ConsoleUser): Prisma.DealerWhereInput {
  if (user.role === "ADMIN") return {};
  return { id: user.role === "DEALER" ? (user.dealerId ?? -1) : -1 };
}

/** Bank accounts and E-IBAN wallets belong to a dealer. */
export function dealerOwnedScope(user: ConsoleUser): { dealerId?: number } {
  if (user.role === "ADMIN") return {};
  return { dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : -1 };
}

/** Blocked customers belong to a provider. */
export function blockedCustomerScope(user: ConsoleUser): Prisma.BlockedCustomerWhereInput {
  if (user.role === "ADMIN") return {};
  return { providerId: user.role === "PROVIDER" ? (user.providerId ?? -1) : -1 };
}
