import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { ProviderSite } from "@/lib/domain/sites/find-provider-site";

/** The columns every provider-created transaction shares: who asked, for which site and customer, how much. */
export function providerCustomerFields(
  provider: AuthenticatedProvider,
  site: ProviderSite,
  body: { user_id: string; username: string; fullname: string; amount: string },
) {
  return {
    origin: "PROVIDER" as const,
    providerId: provider.id,
    siteId: site.id,
    dealerId: site.dealerId,
    userId: body.user_id,
    username: body.username,
    fullname: body.fullname,
    amount: body.amount,
  };
}
