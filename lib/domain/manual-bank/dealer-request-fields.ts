import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { flowOf } from "@/lib/domain/payment-methods";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";

/**
 * What every dealer-originated manual-bank request records about where it came from: the method table's
 * prefix, origin and first status for its direction, the dealer, and the site integration that sent it.
 */
export function dealerRequestFields(
  dealer: AuthenticatedDealer,
  direction: "DEPOSIT" | "WITHDRAWAL",
  body: { userid: string; username: string; amount: string },
) {
  const flow = flowOf("MANUAL_BANK", direction, "DEALER");
  return {
    trackingCode: trackingCode(flow.prefix),
    method: "MANUAL_BANK" as const,
    direction: flow.direction,
    origin: flow.origin,
    status: flow.initial,
    dealerId: dealer.id,
    siteIntegrationId: dealer.siteIntegration?.id ?? null,
    userId: body.userid,
    username: body.username,
    amount: body.amount,
  };
}
