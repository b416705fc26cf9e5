import { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import { deliverOneCallback } from "@/lib/domain/jobs/deliver-due-callbacks";
import { EVENTS, inngest } from "@/lib/domain/outbox/inngest-client";
import { runnerId } from "@/lib/domain/jobs/runner-id";

const payload = z.object({ deliveryId: z.number().int().positive(), receiver: z.string().optional() });

// At most this many deliveries to one receiver run at once: a receiver back from an outage is not hit by
// every delivery that waited for it at the same moment (the rest queue in Inngest). CALLBACK_CONCURRENCY_PER_RECEIVER.
// Read from the environment when the module loads, which is before the server reads its configuration (a
// refused configuration must be the start-up's fatal line, not an import error); the schema checks it then.
const PER_RECEIVER = Math.max(1, Number(process.env.CALLBACK_CONCURRENCY_PER_RECEIVER) || 10);

// 9 scheduled attempts plus room for rounds that found the delivery leased by another runner.
const MAX_ROUNDS = 15;

/** One run per delivery: attempt, sleep until the schedule's next time, attempt again, until settled. */
export const deliverCallback = inngest.createFunction(
  {
    id: "deliver-callback",
    triggers: [{ event: EVENTS.deliveryDue }],
    retries: 3,
    concurrency: [{ key: "event.data.receiver", limit: PER_RECEIVER }],
  },
  async ({ event, step }) => {
    const { deliveryId } = payload.parse(event.data);
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const result = await step.run(`attempt-${round}`, () =>
        deliverOneCallback(prisma, deliveryId, runnerId(), new Date()),
      );
      if (result.state !== "PENDING" || !result.nextAttemptAt) return result;
      await step.sleepUntil(`wait-${round}`, result.nextAttemptAt);
    }
    return { state: "PENDING", note: "left to the sweep" };
  },
);
