import { prisma } from "@/lib/base/db/prisma";
import { resubmitUnsentWithdrawals } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { resubmitUnsentTransfers } from "@/lib/domain/transfers/submit-transfer";
import { expireDueTransactions } from "@/lib/domain/jobs/expire-transactions";
import { findMissedDeliveries } from "@/lib/domain/jobs/find-missed-deliveries";
import { pruneExpiredRecords } from "@/lib/domain/jobs/prune-expired-records";
import { EVENTS, inngest } from "@/lib/domain/outbox/inngest-client";

/** Every minute: expire what is overdue, re-announce deliveries whose event went missing, prune what expired. */
export const sweep = inngest.createFunction({ id: "sweep-due-work", triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  const expiredDeliveries = await step.run("expire-overdue", () => expireDueTransactions(prisma, new Date()));
  const missed = await step.run("find-missed-deliveries", () => findMissedDeliveries(prisma, new Date()));
  await step.run("resubmit-unsent-transfers", () => resubmitUnsentTransfers(new Date()));
  await step.run("resubmit-unsent-withdrawals", () => resubmitUnsentWithdrawals(new Date()));
  await step.run("prune-expired-records", () => pruneExpiredRecords(new Date()));
  const ids = [...new Set([...expiredDeliveries, ...missed])];
  if (ids.length) {
    await step.sendEvent("announce", ids.map((deliveryId) => ({ name: EVENTS.deliveryDue, data: { deliveryId } })));
  }
  return { expired: expiredDeliveries.length, reannounced: missed.length };
});
