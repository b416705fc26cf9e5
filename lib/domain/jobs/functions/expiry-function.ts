import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { deliveryDueEvents } from "@/lib/domain/outbox/dispatch";
import { inngest } from "@/lib/domain/outbox/inngest-client";

const payload = z.object({ transactionId: z.number().int().positive(), expiresAt: z.iso.datetime() });

/** A function that sleeps until a transaction's expires_at, expires it if still waiting, and announces its callback. */
export function expiryFunction(id: string, event: string, sleepId: string) {
  return inngest.createFunction({ id, triggers: [{ event }] }, async ({ event: received, step }) => {
    const { transactionId, expiresAt } = payload.parse(received.data);
    await step.sleepUntil(sleepId, expiresAt);
    const deliveryIds = await step.run("expire", () => expireTransaction(prisma, transactionId, new Date()));
    if (deliveryIds.length) {
      // Each event names its receiver, deliver-callback's concurrency key.
      await step.sendEvent(
        "announce-callbacks",
        await step.run("delivery-events", () => deliveryDueEvents(deliveryIds)),
      );
    }
    return { expired: deliveryIds.length > 0 };
  });
}
