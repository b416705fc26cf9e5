import { DomainError } from "@/lib/base/errors/domain-error";
import { findSiteContext, type SiteContext } from "@/lib/domain/providers/find-provider-context";
import { refusal } from "@/lib/base/messages/errors";

/**
 * A credential key's site must belong to the calling provider (401 otherwise), be active, with an active dealer (403).
 */
export function assertProviderSite(providerId: number, site: SiteContext | null): SiteContext {
  if (!site || site.providerId !== providerId) {
    throw DomainError.unauthenticated("Invalid credential key", refusal("invalidCredentialKey"));
  }
  if (!site.isActive) throw DomainError.forbidden("Site is inactive", refusal("siteInactive"));
  // A deactivated dealer takes no new payments: its accounts, staff and acquiring may be gone.
  if (!site.dealer.isActive) throw DomainError.forbidden("Dealer account is inactive", refusal("dealerInactive"));
  return site;
}

/** The site a credential key selects (the card endpoint takes it in the body), checked as above. */
export async function findProviderSite(providerId: number, credentialKey: string): Promise<SiteContext> {
  return assertProviderSite(providerId, await findSiteContext(credentialKey.trim()));
}

export type ProviderSite = SiteContext;
