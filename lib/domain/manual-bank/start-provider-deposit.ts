import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import { assertMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import type { CreatedTransaction } from "@/lib/domain/transactions/create-transaction-at-once";
import { openProviderDeposit } from "@/lib/domain/transactions/open-provider-deposit";

type DepositBody = { fullname: string; username: string; user_id: string; amount: string };

/** The created deposit, its method and the site it was made for. */
export type StartedProviderDeposit = {
  method: "MANUAL_BANK" | "EIBAN";
  transaction: CreatedTransaction;
  site: ProviderSite;
};

/**
 * start-manual-deposit (MAN-, a bank account of the site's dealer) and start-eiban-deposit (EIBAN-, the
 * dealer's E-IBAN wallet): status showing, payment_url for the customer, expiry after DEPOSIT_TTL.
 */
export async function startProviderDeposit(
  method: "MANUAL_BANK" | "EIBAN",
  provider: AuthenticatedProvider,
  site: ProviderSite,
  body: DepositBody,
): Promise<StartedProviderDeposit> {
  assertMethodEnabled(site.dealer, method);
  const created = await openProviderDeposit(method, provider, site, body, {
    kind: method === "EIBAN" ? "eiban-wallet" : "bank-account",
  });
  return { method, transaction: created, site };
}
