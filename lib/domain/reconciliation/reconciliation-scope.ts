import type { ConsoleUser } from "@/lib/domain/access/console-user";
import type { ReconFilter } from "@/lib/domain/reconciliation/list-reconciliation";

/**
 * The dealer whose reconciliation a console user may read: none to narrow for admins (undefined), their own
 * dealer for dealer staff. A staff member without a dealer matches nothing (-1), never everything.
 */
export function reconDealerScope(user: ConsoleUser): number | undefined {
  return user.role === "ADMIN" ? undefined : (user.dealerId ?? -1);
}

/**
 * What a page asked for, within the viewer's tenant: dealer staff always read their own dealer's runs and
 * discrepancies (its acquirer and its wallets), whatever dealer the link names; a gateway's account belongs to
 * no dealer, so it is never theirs to read.
 */
export function scopedReconFilter(user: ConsoleUser, asked: ReconFilter): ReconFilter {
  const dealerId = reconDealerScope(user);
  if (dealerId === undefined) return asked;
  return { ...asked, dealerId, gatewayId: undefined };
}
