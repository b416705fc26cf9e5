import { settings } from "@/lib/base/config/settings";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { expiryAfter } from "@/lib/domain/transactions/create-transaction";
import { createTransactionAtOnce, type CreatedTransaction } from "@/lib/domain/transactions/create-transaction-at-once";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";
import { flowOf } from "@/lib/domain/payment-methods";

type Body = { user_id: string; username: string; fullname: string; amount: string };

/** The created deposit, its kind and the site it was made for. */
export type StartedThirdPartyDeposit = { kind: ThirdPartyKind; transaction: CreatedTransaction; site: ProviderSite };

/**
 * third-party/{bank,crypto,wallet}/start-deposit: a showing deposit whose gateway the customer chooses on
 * the payment page.
 */
export async function startThirdPartyDeposit(kind: ThirdPartyKind, provider: AuthenticatedProvider, site: ProviderSite, body: Body): Promise<StartedThirdPartyDeposit> {
  const now = new Date();
  const flow = flowOf(KINDS[kind].method, "DEPOSIT", "PROVIDER");
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(flow.prefix, now),
      withPaymentPage: true,
      method: KINDS[kind].method,
      direction: flow.direction,
      status: flow.initial,
      ...providerCustomerFields(provider, site, body),
      expiresAt: expiryAfter(now, settings.depositTtlMinutes),
      createdAt: now,
    },
    { type: "API", id: `provider:${provider.id}` },
  );
  await announceExpiringTransaction(created);
  return { kind, transaction: created, site };
}
