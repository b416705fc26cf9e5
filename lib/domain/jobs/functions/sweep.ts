import { prisma } from "@/lib/base/db/prisma";
import { resubmitUnsentWithdrawals } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { pollBankStatements } from "@/lib/domain/eiban/poll-bank-statements";
import { resubmitUnsentTransfers } from "@/lib/domain/transfers/submit-transfer";
import { expireDueTransactions } from "@/lib/domain/jobs/expire-transactions";
import { findMissedDeliveries } from "@/lib/domain/jobs/find-missed-deliveries";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { EVENTS, inngest } from "@/lib/domain/outbox/inngest-client";

/** Every minute: expire what is overdue and re-announce deliveries whose event went missing. */
export const sweep = inngest.createFunction({ id: "sweep-due-work", triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  const expiredDeliveries = await step.run("expire-overdue", () => expireDueTransactions(prisma, new Date()));
  const missed = await step.run("find-missed-deliveries", () => findMissedDeliveries(prisma, new Date()));
  await step.run("resubmit-unsent-transfers", () => resubmitUnsentTransfers(new Date()));
  await step.run("resubmit-unsent-withdrawals", () => resubmitUnsentWithdrawals(new Date()));
  await step.run("inquire-open-gateway-orders", () => inquireOpenGatewayOrders(new Date()));
  await step.run("poll-bank-statements", () => pollBankStatements(new Date()));
  // Each run may be another process: the sweep asks every due payment, it runs once a minute anyway.
  await step.run("inquire-card-payments", () => inquireCardPayments(new Date(), { force: true }));
  const ids = [...new Set([...expiredDeliveries, ...missed])];
  if (ids.length) {
    await step.sendEvent("announce", ids.map((deliveryId) => ({ name: EVENTS.deliveryDue, data: { deliveryId } })));
  }
  return { expired: expiredDeliveries.length, reannounced: missed.length };
});
