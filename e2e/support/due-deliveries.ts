import { buildCallbackPayload } from "@/lib/domain/callbacks/callback-payload";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createTenant } from "./fixtures";
import { insertTransaction } from "./transactions";

/**
 * `count` deposit callbacks of a tenant of their own, due at `at` and addressed to `url`: their ids, oldest first
 * (the order a claim takes them in).
 */
export async function dueDeliveries(url: string, count: number, at: Date): Promise<number[]> {
  const tenant = await createTenant({ callbackUrl: url });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const tx = await insertTransaction(tenant, { status: "completed" });
    const delivery = await prisma.callbackDelivery.create({
      data: {
        kind: "PROVIDER_DEPOSIT",
        transactionId: tx.id,
        providerId: tenant.provider.id,
        url,
        trackingCode: tx.trackingCode,
        status: "completed",
        payload: buildCallbackPayload("PROVIDER_DEPOSIT", tx) as Prisma.InputJsonValue,
        nextAttemptAt: at,
      },
    });
    ids.push(delivery.id);
  }
  return ids;
}
