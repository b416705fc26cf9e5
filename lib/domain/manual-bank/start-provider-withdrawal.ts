import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { createTransactionAtOnce, type CreatedTransaction } from "@/lib/domain/transactions/create-transaction-at-once";
import { providerCustomerFields } from "@/lib/domain/transactions/provider-customer-fields";
import { trackingCode } from "@/lib/domain/transactions/tracking-code";
import { flowOf } from "@/lib/domain/payment-methods";

type WithdrawalBody = { fullname: string; username: string; user_id: string; iban: string; amount: string };

/** The created withdrawal, its method, the site it was made for and the IBAN as the request gave it. */
export type StartedProviderWithdrawal = {
  method: "MANUAL_BANK" | "EIBAN";
  transaction: CreatedTransaction;
  site: ProviderSite;
  iban: string;
};

/**
 * start-manual-withdraw (WIT-) and start-eiban-withdraw (EIBAN-WIT-): status pending, processed by the
 * staff of the site's dealer (E-IBAN ones paid from the dealer's wallet through the bank).
 */
export async function startProviderWithdrawal(
  method: "MANUAL_BANK" | "EIBAN",
  provider: AuthenticatedProvider,
  site: ProviderSite,
  body: WithdrawalBody,
): Promise<StartedProviderWithdrawal> {
  assertMethodEnabled(site.dealer, method);
  const flow = flowOf(method, "WITHDRAWAL", "PROVIDER");
  const created = await createTransactionAtOnce(
    {
      trackingCode: trackingCode(flow.prefix),
      method,
      direction: flow.direction,
      status: flow.initial,
      ...providerCustomerFields(provider, site, body),
      iban: body.iban,
      recipientName: body.fullname,
    },
    { type: "API", id: `provider:${provider.id}` },
  );
  return { method, transaction: created, site, iban: body.iban };
}
