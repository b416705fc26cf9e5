import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { siteScope } from "@/lib/domain/access/tenant-scope";

/**
 * Sites with their provider and dealer, what their payment pages show and the gateways they offer, optionally of one
 * provider or dealer; credential keys stay hidden.
 */
export async function listSites(filter: { id?: number; providerId?: number; dealerId?: number } = {}) {
  const rows = await prisma.site.findMany({
    where: { id: filter.id, providerId: filter.providerId, dealerId: filter.dealerId },
    orderBy: { id: "asc" },
    include: {
      provider: { select: { name: true } },
      dealer: { select: { name: true } },
      gateways: { select: { gatewayId: true }, orderBy: { gatewayId: "asc" } },
    },
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

/** The sites a console user may see, with their provider's and dealer's names and the gateways chosen for them. */
export function listSitesForConsole(user: ConsoleUser) {
  return prisma.site.findMany({
    where: siteScope(user),
    orderBy: { id: "asc" },
    include: {
      provider: { select: { name: true } },
      dealer: { select: { name: true } },
      gateways: { select: { gatewayId: true } },
    },
  });
}

/** The first 50 sites a console user may see, with their provider and dealer (the dashboard's sites table). */
export function listDashboardSites(user: ConsoleUser) {
  return prisma.site.findMany({
    where: siteScope(user),
    include: { provider: true, dealer: true },
    orderBy: { id: "asc" },
    take: 50,
  });
}
