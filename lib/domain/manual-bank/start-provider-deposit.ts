import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import { settings } from "@/lib/base/config/settings";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { announceExpiringTransaction } from "@/lib/domain/outbox/dispatch";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { expiryAfter } from "@/lib/domain/transactions/create-transaction";
import { createTransactionAtOnce, type CreatedTransaction } from "@/lib/domain/transactions/create-transaction-at-once";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { flowOf } from "@/lib/domain/payment-methods";

type DepositBody = { fullname: string; username: string; user_id: string; amount: string };

/** The created deposit, its method and the site it was made for. */
export type StartedProviderDeposit = { method: "MANUAL_BANK" | "EIBAN"; transaction: CreatedTransaction; site: ProviderSite };

/**
 * start-manual-deposit (MAN-, a bank account of the site's dealer) and start-eiban-deposit (EIBAN-, the
 * dealer's E-IBAN wallet): status showing, payment_url for the customer, expiry after DEPOSIT_TTL.
 */
export async function startProviderDeposit(method: "MANUAL_BANK" | "EIBAN", provider: AuthenticatedProvider, site: ProviderSite, body: DepositBody): Promise<StartedProviderDeposit> {
  assertMethodEnabled(site.dealer, method);
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
    { kind: method === "EIBAN" ? "eiban-wallet" : "bank-account" },
  );
  await announceExpiringTransaction(created);
  return { method, transaction: created, site };
}
