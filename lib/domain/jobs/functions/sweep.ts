import { prisma } from "@/lib/base/db/prisma";
import { expireDueTransactions } from "@/lib/domain/jobs/expire-transactions";
import { findMissedDeliveries } from "@/lib/domain/jobs/find-missed-deliveries";
import { HOUSEKEEPING_TASKS } from "@/lib/domain/jobs/housekeeping";
import { runTaskOncePerSlot } from "@/lib/domain/jobs/housekeeping-round";
import { deliveryDueEvents } from "@/lib/domain/outbox/dispatch";
import { inngest } from "@/lib/domain/outbox/inngest-client";

/**
 * Every minute: expire what is overdue, re-announce deliveries whose event went missing, and run every
 * housekeeping task (the same list the in-process runner runs), one step each, under the same per-task claim
 * (a sweep that overran its minute and the next one never run a task side by side).
 */
export const sweep = inngest.createFunction(
  { id: "sweep-due-work", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const expiredDeliveries = await step.run("expire-overdue", () => expireDueTransactions(prisma, new Date()));
    const missed = await step.run("find-missed-deliveries", () => findMissedDeliveries(prisma, new Date()));
    for (const task of HOUSEKEEPING_TASKS)
      await step.run(task.id, async () => void (await runTaskOncePerSlot(prisma, task, new Date())));
    const ids = [...new Set([...expiredDeliveries, ...missed])];
    if (ids.length) await step.sendEvent("announce", await step.run("delivery-events", () => deliveryDueEvents(ids)));
    return { expired: expiredDeliveries.length, reannounced: missed.length };
  },
);
