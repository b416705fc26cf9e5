import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";

/** The site a credential key selects, which must belong to the calling provider (401 otherwise), active, with an active dealer (403). */
export async function findProviderSite(providerId: number, credentialKey: string) {
  const site = await prisma.site.findUnique({ where: { credentialKey: credentialKey.trim() }, include: { dealer: true } });
  if (!site || site.providerId !== providerId) {
    throw DomainError.unauthenticated("Invalid credential key", "Invalid credential key");
  }
  if (!site.isActive) throw DomainError.forbidden("Site is inactive", "This site has been deactivated.");
  // A deactivated dealer takes no new payments: its accounts, staff and acquiring may be gone.
  if (!site.dealer.isActive) throw DomainError.forbidden("Dealer account is inactive", "The dealer serving this site has been deactivated; no new payments can be taken.");
  return site;
}

export type ProviderSite = Awaited<ReturnType<typeof findProviderSite>>;
