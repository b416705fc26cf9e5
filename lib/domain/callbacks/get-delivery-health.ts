import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { deliveryScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";

export type DeliveryHealth = {
  /** Outcomes in the last 24 hours. */
  delivered: number;
  failed: number;
  /** Work outstanding now. */
  retrying: number;
  queued: number;
  /** Stopped because the receiver has no callback URL: waiting for someone to configure one and resend. */
  noUrl: number;
  oldestUndeliveredAt: Date | null;
};

const DAY_MS = 24 * 3600 * 1000;

/**
 * Callback delivery health within the user's tenancy. Outcomes are counted by when they happened, not by
 * when the delivery was created: the retry schedule spans about two days, so nothing created in the last
 * 24 hours could have been given up on yet.
 */
export async function getDeliveryHealth(user: ConsoleUser, now = new Date()): Promise<DeliveryHealth> {
  const since = new Date(now.getTime() - DAY_MS);
  const scoped = (where: Prisma.CallbackDeliveryWhereInput) => ({ AND: [deliveryScope(user), where] });
  const [delivered, failed, retrying, queued, noUrl, oldest] = await Promise.all([
    prisma.callbackDelivery.count({ where: scoped({ state: "DELIVERED", deliveredAt: { gte: since } }) }),
    // An exhausted delivery is written last by its final attempt (a resend makes it pending again).
    prisma.callbackDelivery.count({ where: scoped({ state: "EXHAUSTED", updatedAt: { gte: since } }) }),
    prisma.callbackDelivery.count({ where: scoped({ state: "PENDING", attemptCount: { gt: 0 } }) }),
    prisma.callbackDelivery.count({ where: scoped({ state: "PENDING", attemptCount: 0 }) }),
    prisma.callbackDelivery.count({ where: scoped({ state: "NO_URL" }) }),
    prisma.callbackDelivery.aggregate({ where: scoped({ state: "PENDING" }), _min: { createdAt: true } }),
  ]);
  return { delivered, failed, retrying, queued, noUrl, oldestUndeliveredAt: oldest._min.createdAt };
}
