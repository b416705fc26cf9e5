import { settings } from "@/lib/base/config/settings";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import { flowOf } from "@/lib/domain/payment-methods";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import { expiryAfter } from "./create-transaction";
import { createTransactionAtOnce, type CreatedTransaction, type CreateTarget } from "./create-transaction-at-once";
import { providerCustomerFields } from "./provider-customer-fields";
import { trackingCode } from "./tracking-code";

type DepositBody = { fullname: string; username: string; user_id: string; amount: string };

/**
 * A provider's deposit with a payment page, as every method that has one opens it: the method table's prefix
 * and first status, the customer's fields, expiry after DEPOSIT_TTL, created in one statement (with the
 * account it offers, where the method offers one) and announced to the expiry job.
 */
export async function openProviderDeposit(
  method: PaymentMethod,
  provider: AuthenticatedProvider,
  site: ProviderSite,
  body: DepositBody,
  offer: CreateTarget = null,
): Promise<CreatedTransaction> {
  const now = new Date();
  const flow = flowOf(method, "DEPOSIT", "PROVIDER");
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(flow.prefix, now),
      withPaymentPage: true,
      method,
      direction: flow.direction,
      status: flow.initial,
      ...providerCustomerFields(provider, site, body),
      expiresAt: expiryAfter(now, settings.depositTtlMinutes),
      createdAt: now,
    },
    { type: "API", id: `provider:${provider.id}` },
    offer,
  );
  await announceExpiringTransaction(created);
  return created;
}
