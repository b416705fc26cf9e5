import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dayRange } from "@/lib/domain/access/date-range";
import { deliveryScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";
import { COUNT_CAP, cappedTotal } from "@/lib/domain/explorer/capped-count";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DeliveryFilters } from "@/lib/domain/schemas/delivery-filters";

export const DELIVERIES_PAGE_SIZE = 50;

/** The console's deliveries list: the user's tenancy first, then the filters; newest first. */
export async function listDeliveries(user: ConsoleUser, filters: DeliveryFilters) {
  const where: Prisma.CallbackDeliveryWhereInput = {
    AND: [
      deliveryScope(user),
      {
        state: filters.state,
        kind: filters.kind,
        providerId: filters.providerId,
        dealerId: filters.dealerId,
        trackingCode: filters.trackingCode ? { contains: filters.trackingCode, mode: "insensitive" } : undefined,
        // Calendar days in the service zone, like every time the console shows (not the server's zone).
        createdAt: dayRange(filters.from, filters.to),
      },
    ],
  };
  const [total, rows] = await Promise.all([
    prisma.callbackDelivery.count({ where, take: COUNT_CAP + 1 }),
    prisma.callbackDelivery.findMany({
      where,
      orderBy: { id: "desc" },
      skip: (filters.page - 1) * DELIVERIES_PAGE_SIZE,
      take: DELIVERIES_PAGE_SIZE,
      include: { provider: { select: { name: true } }, dealer: { select: { name: true } } },
    }),
  ]);
  return { ...cappedTotal(total, DELIVERIES_PAGE_SIZE), rows };
}
