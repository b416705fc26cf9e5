import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";
import type { CreatedTransaction } from "@/lib/domain/transactions/create-transaction-at-once";
import { openProviderDeposit } from "@/lib/domain/transactions/open-provider-deposit";
import { KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";

type Body = { user_id: string; username: string; fullname: string; amount: string };

/** The created deposit, its kind and the site it was made for. */
export type StartedThirdPartyDeposit = { kind: ThirdPartyKind; transaction: CreatedTransaction; site: ProviderSite };

/**
 * third-party/{bank,crypto,wallet}/start-deposit: a showing deposit whose gateway the customer chooses on
 * the payment page.
 */
export async function startThirdPartyDeposit(
  kind: ThirdPartyKind,
  provider: AuthenticatedProvider,
  site: ProviderSite,
  body: Body,
): Promise<StartedThirdPartyDeposit> {
  const created = await openProviderDeposit(KINDS[kind].method, provider, site, body);
  return { kind, transaction: created, site };
}
