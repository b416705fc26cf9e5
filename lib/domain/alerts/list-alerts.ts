import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Alerts follow transaction tenancy: admins see all, dealer staff their dealer's, provider viewers their provider's.
 */
export function alertScope(user: ConsoleUser): Prisma.AlertWhereInput {
  if (user.role === "ADMIN") return {};
  if (user.role === "DEALER") return { dealerId: user.dealerId ?? -1 };
  return { providerId: user.providerId ?? -1 };
}

/** Open alerts, oldest first (the longest-waiting problem on top), with the transaction they concern. */
export function listOpenAlerts(user: ConsoleUser, take = 100) {
  return prisma.alert.findMany({
    where: { ...alertScope(user), resolvedAt: null },
    orderBy: { createdAt: "asc" },
    take,
    include: {
      transaction: {
        select: {
          id: true,
          trackingCode: true,
          status: true,
          method: true,
          direction: true,
          origin: true,
          amount: true,
          fullname: true,
          username: true,
        },
      },
    },
  });
}

export function countOpenAlerts(user: ConsoleUser): Promise<number> {
  return prisma.alert.count({ where: { ...alertScope(user), resolvedAt: null } });
}
