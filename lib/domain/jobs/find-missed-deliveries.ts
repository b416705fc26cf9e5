import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Due deliveries nobody has picked up for a while: their event was lost or their run gave up. */
export async function findMissedDeliveries(
  db: PrismaClient,
  now: Date,
  graceMs = 120_000,
  limit = 500,
): Promise<number[]> {
  const overdue = new Date(now.getTime() - graceMs);
  const rows = await db.callbackDelivery.findMany({
    where: {
      state: "PENDING",
      nextAttemptAt: { lt: overdue },
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
  });
  return rows.map((r) => r.id);
}
