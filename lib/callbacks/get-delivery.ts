import type { ConsoleUser } from "@/lib/auth/console-user";
import { deliveryScope } from "@/lib/console/tenant-scope";
import { prisma } from "@/lib/db/prisma";

/** One delivery with every attempt, or null when it does not exist or is outside the user's tenancy. */
export async function getDelivery(user: ConsoleUser, id: number) {
  return prisma.callbackDelivery.findFirst({
    where: { AND: [{ id }, deliveryScope(user)] },
    include: {
      attempts: { orderBy: { attemptNumber: "desc" } },
      provider: { select: { name: true } },
      dealer: { select: { name: true } },
      transaction: { select: { trackingCode: true, status: true } },
    },
  });
}
