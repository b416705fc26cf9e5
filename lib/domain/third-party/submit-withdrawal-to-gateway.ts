import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { note, noteColumns } from "@/lib/base/messages/notes";
import { prisma, type Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { PartnerCallError } from "@/lib/integrations/connectors/ports";
import { gatewayNotifyUrl } from "@/lib/integrations/gateways/third-party-gateway";
import { logger } from "@/lib/base/observability/logger";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { gatewayActor, historyActor, SYSTEM } from "@/lib/domain/transactions/transition-actor";
import type { Gateway, Transaction } from "@/lib/generated/prisma/client";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { gatewayConnection, gatewayUnusableReason } from "./gateway-connection";
import { nextGatewayAttemptAt } from "./gateway-backoff";
import { applyGatewayOutcome, gatewayOutcomeOf } from "./apply-gateway-outcome";

/**
 * Hands a third-party withdrawal to its gateway. The withdrawal is claimed first (showing -> processing,
 * committed), and only a claimed one is ever sent: the expiry job cancels only withdrawals never claimed,
 * so a "canceled" callback can never go out while the gateway holds a payout order.
 * Returns false when it was not this call's to send (already claimed, time up, not a third-party one).
 */
export async function submitWithdrawalToGateway(id: number): Promise<boolean> {
  const w = await prisma.transaction.findUnique({ where: { id }, include: { gateway: true } });
  if (!w?.gateway) return false;
  // A gateway we cannot call at all (no connector, no configuration) is not claimed: nothing can have been
  // sent, so the withdrawal stays showing and is canceled at expires_at unless it becomes callable in time.
  const unusable = gatewayUnusableReason(w.gateway);
  if (unusable) {
    logger.warn(
      { tracking_code: w.trackingCode, gateway: w.gateway.code, reason: unusable },
      "gateway cannot be called; will retry",
    );
    return false;
  }
  let claimed: Transaction;
  try {
    ({ transaction: claimed } = await inTransaction((tx) =>
      transitionTransaction(tx, { id, to: "processing", actor: SYSTEM, note: note("handedToGateway") }),
    ));
  } catch (error) {
    if (error instanceof DomainError && (error.code === "INVALID_TRANSITION" || error.code === "NOT_FOUND"))
      return false;
    throw error;
  }
  // The row as the claim committed it, with the gateway read above: not read again before sending.
  await sendClaimedWithdrawal(id, new Date(), { ...claimed, gateway: w.gateway });
  return true;
}

export type SendResult = "sent" | "accepted" | "refused" | "retry";

/**
 * Sends the order of a claimed withdrawal (processing, not yet acknowledged). The gateway deduplicates on
 * the tracking code (clientRef), so sending again after a timeout is safe. Only what the connector
 * declares a definite refusal fails the withdrawal. "Already have it" (a 409 on a resend whose first
 * send was taken after all) marks it accepted: it waits for the notification or the status inquiry and
 * is never sent again. Anything else (timeout, 408, 429, 5xx) is sent again after a backoff.
 */
export async function sendClaimedWithdrawal(
  id: number,
  now = new Date(),
  claimed?: Transaction & { gateway: Gateway },
): Promise<SendResult> {
  const w = claimed ?? (await prisma.transaction.findUnique({ where: { id }, include: { gateway: true } }));
  if (!w?.gateway || w.status !== "processing" || w.gatewayReference || w.gatewayAcceptedAt) return "sent";
  const gateway = w.gateway;
  try {
    const { connector, config } = gatewayConnection(gateway);
    const { gatewayReference, unconfirmed, settled } = await connector.submitWithdrawal(config, {
      clientRef: w.trackingCode,
      amount: w.amount.toFixed(2),
      currency: "TRY",
      account: (w.accountDetails ?? {}) as Record<string, string>,
      notifyUrl: gatewayNotifyUrl(gateway),
      createdAt: w.createdAt.toISOString(),
    });
    const accept = (tx: Db) =>
      tx.transaction.updateMany({
        where: { id, gatewayReference: null },
        data: { gatewayReference, gatewayAcceptedAt: new Date(), gatewayAttempts: { increment: 1 } },
      });
    // One statement needs no database transaction of its own; with the unconfirmed order's history and alert, one.
    if (!unconfirmed) await accept(prisma);
    else
      await inTransaction(async (tx) => {
        if ((await accept(tx)).count)
          await raiseUnconfirmed(tx, w, gateway, `${unconfirmed.code}: ${unconfirmed.message}`);
      });
    // A partner whose create is its verdict (Papara's mass payment is paid once created): applied now, as
    // its notification would be; a repeat of it later (the inquiry) changes nothing.
    const outcome = settled ? gatewayOutcomeOf(w.trackingCode, "withdrawal", settled) : null;
    if (outcome) await applyGatewayOutcome(gateway, outcome);
    return "sent";
  } catch (error) {
    const failure = error instanceof PartnerCallError ? error.failure : null;
    if (failure?.kind === "refused") {
      const words = `${failure.error.code}: ${failure.error.message}`;
      await inTransaction((tx) =>
        reportOutcome(tx, {
          id,
          to: "failed",
          actor: gatewayActor(gateway),
          source: `gateway ${gateway.code}`,
          reported: "a refusal of the order",
          note: note("refusedBy", { gateway: gateway.name, message: words }),
          data: { errorMessage: words },
        }),
      );
      return "refused";
    }
    if (failure?.kind === "duplicate") {
      await prisma.transaction.updateMany({
        where: { id, gatewayAcceptedAt: null },
        data: { gatewayAcceptedAt: new Date(), gatewayAttempts: { increment: 1 } },
      });
      logger.info(
        { tracking_code: w.trackingCode, gateway: gateway.code },
        "gateway already holds the order; waiting for its notification or the inquiry",
      );
      return "accepted";
    }
    const retryAfterMs = failure?.kind === "retry" ? failure.retryAfterMs : undefined;
    await prisma.transaction.update({
      where: { id },
      data: {
        gatewayAttempts: { increment: 1 },
        gatewayNextAttemptAt: nextGatewayAttemptAt(w.gatewayAttempts + 1, now, retryAfterMs),
      },
    });
    logger.warn(
      { tracking_code: w.trackingCode, gateway: gateway.code, err: String(error) },
      "gateway submission not acknowledged; will send again",
    );
    return "retry";
  }
}

/**
 * The gateway holds the withdrawal but refused to confirm it (NOWPayments refused the payout's verification
 * after creating it). Not a refusal: the order exists and may still be paid out (staff can verify it in the
 * gateway's dashboard; unverified, the gateway rejects it). It stays processing under the gateway's reference,
 * is written into the history and raised for staff, and the status inquiry settles it.
 */
async function raiseUnconfirmed(tx: Db, w: Transaction, gateway: Gateway, message: string): Promise<void> {
  const said = note("gatewayUnconfirmed", { gateway: gateway.name, message });
  await tx.transactionEvent.create({
    data: {
      transactionId: w.id,
      fromStatus: w.status,
      toStatus: w.status,
      ...historyActor(gatewayActor(gateway)),
      ...noteColumns(said),
    },
  });
  await raiseAlert(tx, {
    kind: "gateway_order_unconfirmed",
    source: `gateway ${gateway.code}`,
    transaction: w,
    message: said,
    dedupeKey: `gateway_order_unconfirmed:${w.id}`,
  });
}

/**
 * Withdrawals the job runner looks after: never claimed (the create's own hand-over failed before the
 * claim) are claimed and sent; claimed but never acknowledged are sent again once their backoff is over.
 * One that is still without an answer after its expiry time is raised for staff, and sending goes on.
 */
export async function resubmitUnsentWithdrawals(now = new Date(), olderThanMs = 30_000): Promise<number> {
  const before = new Date(now.getTime() - olderThanMs);
  let seen = 0;
  // In id order, a batch at a time, up to BATCHES batches a round: every due withdrawal gets its turn even when
  // more than one batch is due (a fixed first batch could leave the same rows out round after round).
  for (let batch = 0, afterId = 0; batch < BATCHES; batch++) {
    const waiting = await prisma.transaction.findMany({
      where: {
        id: { gt: afterId },
        direction: "WITHDRAWAL",
        gatewayId: { not: null },
        createdAt: { lt: before },
        OR: [
          { status: "showing", expiresAt: { gt: now } },
          {
            status: "processing",
            gatewayReference: null,
            gatewayAcceptedAt: null,
            OR: [{ gatewayNextAttemptAt: null }, { gatewayNextAttemptAt: { lte: now } }],
          },
        ],
      },
      select: {
        id: true,
        status: true,
        expiresAt: true,
        trackingCode: true,
        dealerId: true,
        providerId: true,
        gatewayId: true,
      },
      orderBy: { id: "asc" },
      take: BATCH_SIZE,
    });
    for (const w of waiting) await resubmitOne(w, now);
    seen += waiting.length;
    if (waiting.length < BATCH_SIZE) break;
    afterId = waiting[waiting.length - 1]!.id;
  }
  return seen;
}

const BATCH_SIZE = 50;
const BATCHES = 10;

type Waiting = {
  id: number;
  status: string;
  expiresAt: Date | null;
  trackingCode: string;
  dealerId: number;
  providerId: number | null;
};

async function resubmitOne(w: Waiting, now: Date): Promise<void> {
  if (w.status === "showing") await submitWithdrawalToGateway(w.id);
  else if ((await sendClaimedWithdrawal(w.id, now)) === "retry" && w.expiresAt && w.expiresAt <= now) {
    await raiseAlert(prisma, {
      kind: "gateway_unreachable",
      source: "system",
      transaction: { id: w.id, trackingCode: w.trackingCode, dealerId: w.dealerId, providerId: w.providerId },
      message: note("gatewayUnreachable"),
      dedupeKey: `gateway_unreachable:${w.id}`,
    });
  }
}
