import { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import { expireTransaction } from "../expire-transactions";
import { EVENTS, inngest } from "../inngest-client";

const payload = z.object({ transactionId: z.number().int().positive(), expiresAt: z.iso.datetime() });

/** Sleeps until expires_at, then expires the deposit if it is still showing (a no-op otherwise). */
export const expireDeposit = inngest.createFunction(
  { id: "expire-deposit", triggers: [{ event: EVENTS.depositCreated }] },
  async ({ event, step }) => {
    const { transactionId, expiresAt } = payload.parse(event.data);
    await step.sleepUntil("wait-for-expiry", expiresAt);
    const deliveryIds = await step.run("expire", () => expireTransaction(prisma, transactionId, new Date()));
    if (deliveryIds.length) {
      await step.sendEvent("announce-callbacks", deliveryIds.map((deliveryId) => ({ name: EVENTS.deliveryDue, data: { deliveryId } })));
    }
    return { expired: deliveryIds.length > 0 };
  },
);
