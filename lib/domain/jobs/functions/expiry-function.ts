import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { EVENTS, inngest } from "@/lib/domain/outbox/inngest-client";

const payload = z.object({ transactionId: z.number().int().positive(), expiresAt: z.iso.datetime() });

/** A function that sleeps until a transaction's expires_at, expires it if still waiting, and announces its callback. */
export function expiryFunction(id: string, event: string, sleepId: string) {
  return inngest.createFunction({ id, triggers: [{ event }] }, async ({ event: received, step }) => {
    const { transactionId, expiresAt } = payload.parse(received.data);
    await step.sleepUntil(sleepId, expiresAt);
    const deliveryIds = await step.run("expire", () => expireTransaction(prisma, transactionId, new Date()));
    if (deliveryIds.length) {
      await step.sendEvent("announce-callbacks", deliveryIds.map((deliveryId) => ({ name: EVENTS.deliveryDue, data: { deliveryId } })));
    }
    return { expired: deliveryIds.length > 0 };
  });
}
