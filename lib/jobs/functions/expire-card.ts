import { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import { expireTransaction } from "../expire-transactions";
import { EVENTS, inngest } from "../inngest-client";

const payload = z.object({ transactionId: z.number().int().positive(), expiresAt: z.iso.datetime() });

/** 15 minutes after creation a card payment still pending fails with error_code TIMEOUT. */
export const expireCard = inngest.createFunction(
  { id: "expire-card", triggers: [{ event: EVENTS.cardPaymentCreated }] },
  async ({ event, step }) => {
    const { transactionId, expiresAt } = payload.parse(event.data);
    await step.sleepUntil("wait-15-minutes", expiresAt);
    const deliveryIds = await step.run("expire", () => expireTransaction(prisma, transactionId, new Date()));
    if (deliveryIds.length) {
      await step.sendEvent("announce-callbacks", deliveryIds.map((deliveryId) => ({ name: EVENTS.deliveryDue, data: { deliveryId } })));
    }
    return { expired: deliveryIds.length > 0 };
  },
);
