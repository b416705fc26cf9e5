import type { ConsoleUser } from "@/lib/domain/access/console-user";

/** Which of the ledger's provider-dealer pairs a read may cover. */
export type PairFilter = { providerId?: number; dealerId?: number };

/**
 * The pairs a console user may read (Balances, Statements, settlements): every pair for admins, their dealer's
 * pairs for dealer staff, their provider's for provider viewers. A user without the tenant id their role
 * needs matches nothing (-1), never everything.
 */
export function ledgerScope(user: ConsoleUser): PairFilter {
  if (user.role === "ADMIN") return {};
  if (user.role === "DEALER") return { dealerId: user.dealerId ?? -1 };
  return { providerId: user.providerId ?? -1 };
}

/**
 * What a page asked for, within the viewer's tenant: the tenant's own id fixes its side of the pair; asking
 * for another tenant's side is null (the page shows nothing of it, as a record outside the tenant is a 404).
 */
export function scopedPairFilter(user: ConsoleUser, asked: PairFilter): PairFilter | null {
  const own = ledgerScope(user);
  for (const side of ["providerId", "dealerId"] as const) {
    if (own[side] !== undefined && asked[side] !== undefined && asked[side] !== own[side]) return null;
  }
  return { ...asked, ...own };
}
