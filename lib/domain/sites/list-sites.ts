import { prisma } from "@/lib/base/db/prisma";

/** Sites with their provider and dealer, what their payment pages show and the gateways they offer, optionally of one provider or dealer; credential keys stay hidden. */
export async function listSites(filter: { id?: number; providerId?: number; dealerId?: number } = {}) {
  const rows = await prisma.site.findMany({
    where: { id: filter.id, providerId: filter.providerId, dealerId: filter.dealerId },
    orderBy: { id: "asc" },
    include: { provider: { select: { name: true } }, dealer: { select: { name: true } }, gateways: { select: { gatewayId: true }, orderBy: { gatewayId: "asc" } } },
  });
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    is_active: s.isActive,
    provider_id: s.providerId,
    provider: s.provider.name,
    dealer_id: s.dealerId,
    dealer: s.dealer.name,
    return_url: s.returnUrl,
    legal_name: s.legalName,
    logo_url: s.logoUrl,
    gateway_ids: s.gateways.map((g) => g.gatewayId),
  }));
}
