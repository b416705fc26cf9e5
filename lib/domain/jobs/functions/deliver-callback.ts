import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import { deliverOneCallback } from "@/lib/domain/jobs/deliver-due-callbacks";
import { EVENTS, inngest } from "@/lib/domain/outbox/inngest-client";
import { runnerId } from "@/lib/domain/jobs/runner-id";

const payload = z.object({ deliveryId: z.number().int().positive() });

// 9 scheduled attempts plus room for rounds that found the delivery leased by another runner.
const MAX_ROUNDS = 15;

/** One run per delivery: attempt, sleep until the schedule's next time, attempt again, until settled. */
export const deliverCallback = inngest.createFunction(
  { id: "deliver-callback", triggers: [{ event: EVENTS.deliveryDue }], retries: 3 },
  async ({ event, step }) => {
    const { deliveryId } = payload.parse(event.data);
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const result = await step.run(`attempt-${round}`, () => deliverOneCallback(prisma, deliveryId, runnerId(), new Date()));
      if (result.state !== "PENDING" || !result.nextAttemptAt) return result;
      await step.sleepUntil(`wait-${round}`, result.nextAttemptAt);
    }
    return { state: "PENDING", note: "left to the sweep" };
  },
);
