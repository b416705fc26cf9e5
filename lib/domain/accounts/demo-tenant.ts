import { prisma } from "@/lib/base/db/prisma";

/** The names the demo seed (prisma/seed.ts) gives its tenant. */
const DEMO = { provider: "Demo Provider", dealer: "Demo Dealer", site: "Demo Casino" };

/**
 * The demo seed's provider, dealer and the provider's site, each the oldest of its name (null where the seed's
 * is missing), for `demo:credentials`. The caller refuses in production before it asks.
 */
export async function findDemoTenant() {
  const provider = await prisma.provider.findFirst({ where: { name: DEMO.provider }, orderBy: { id: "asc" } });
  const dealer = await prisma.dealer.findFirst({ where: { name: DEMO.dealer }, orderBy: { id: "asc" } });
  const site = provider
    ? await prisma.site.findFirst({ where: { providerId: provider.id, name: DEMO.site }, orderBy: { id: "asc" } })
    : null;
  return { provider, dealer, site };
}
