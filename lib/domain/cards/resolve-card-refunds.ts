import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { logger } from "@/lib/base/observability/logger";
import { recordAudit, type Staff } from "@/lib/domain/audit/record-audit";
import type { CardRefund, Transaction } from "@/lib/generated/prisma/client";
import type { RefundInquiry } from "@/lib/integrations/connectors/ports";
import {
  markRefundUnknown,
  recordRefundMade,
  recordRefundNotMade,
  REFUND_INQUIRY,
  type CardRefundOutcome,
} from "./card-refund-records";
import { dealerCardAcquirer } from "./dealer-acquirer";
import { cardOrderOf, sendCardRefund } from "./send-card-refund";

/**
 * Settling refunds that got no answer (docs/decisions.md, card refunds: "unknown"). The acquirer's records
 * decide: a refund they show is recorded as made; one they do not show is "not made" only once it was sent
 * long enough ago that a slow acquirer would show it by now (SETTLE_MS), and before that it stays unknown.
 * Runs as the housekeeping task `resolve-unknown-card-refunds` and on demand (console, `transaction:refund-check`),
 * where staff may also send the refund again: with the same refund id, and only after the records showed the
 * first attempt was not made, so the customer is never paid twice.
 */

/**
 * After this, a refund the acquirer's records do not show was not made (well past any call's timeout, 2 minutes at
 * most).
 */
export const SETTLE_MS = 5 * 60 * 1000;
/** A refund still pending this long after it was sent lost its call (the process stopped mid-call): unknown. */
export const STALE_PENDING_MS = 10 * 60 * 1000;
/** How often one unknown refund is asked about by the task. */
const ASK_EVERY_MS = 60 * 1000;
const BATCH = 50;

type Loaded = CardRefund & { transaction: Transaction };

/**
 * The acquirer's references of the payment's other refunds recorded as made. Not this refund's own: should the task
 * record it made while staff check it (or the other way round), its credit must still be found, so the one that
 * comes second is told it is settled, not that the acquirer does not show it.
 */
async function recordedReferences(refund: CardRefund): Promise<string[]> {
  const rows = await prisma.cardRefund.findMany({
    where: {
      transactionId: refund.transactionId,
      id: { not: refund.id },
      status: "approved",
      partnerReference: { not: null },
    },
    select: { partnerReference: true },
  });
  return rows.map((r) => r.partnerReference!);
}

/** Asks the acquirer's records about the refund; throws when they cannot tell (no answer, no acquirer). */
export async function askAcquirerAboutRefund(refund: Loaded): Promise<RefundInquiry> {
  const acquirer = await dealerCardAcquirer(prisma, refund.transaction.dealerId);
  if (!acquirer) throw new Error("no usable card acquirer is configured for the dealer");
  const asked = {
    refundId: refund.refundId,
    amount: refund.amount.toFixed(2),
    recorded: await recordedReferences(refund),
  };
  return acquirer.connector.inquireRefund(acquirer.config, await cardOrderOf(refund.transaction), asked);
}

function settled(refund: CardRefund, now: Date): boolean {
  return now.getTime() - (refund.sentAt ?? refund.createdAt).getTime() >= SETTLE_MS;
}

export type RefundResolution = "made" | "not_made" | "unknown" | "error" | "settled";

/** One unknown refund, by the task: made, not made (when settled), else still unknown. */
async function resolveOne(refund: Loaded, now: Date): Promise<RefundResolution> {
  let found: RefundInquiry;
  try {
    found = await askAcquirerAboutRefund(refund);
  } catch (error) {
    // The acquirer cannot tell now: the refund stays unknown (and held), the next round asks again.
    logger.warn({ refundId: refund.refundId, err: String(error) }, "card refund inquiry failed");
    await prisma.cardRefund.update({ where: { id: refund.id }, data: { checkedAt: now } });
    return "error";
  }
  if (found.status === "made")
    return (await recordRefundMade(refund, found.partnerReference, REFUND_INQUIRY, "inquiry")) ? "made" : "settled";
  if (!settled(refund, now)) {
    await prisma.cardRefund.update({ where: { id: refund.id }, data: { checkedAt: now } });
    return "unknown";
  }
  return (await recordRefundNotMade(refund, REFUND_INQUIRY)) ? "not_made" : "settled";
}

/**
 * The housekeeping task: refunds left pending by a call that never finished become unknown, and every
 * unknown refund is asked about (at most once a minute each unless forced). Safe on several instances: each
 * settlement is recorded only from the state it expects.
 */
export async function resolveUnknownCardRefunds(
  now: Date,
  options: { force?: boolean } = {},
): Promise<Record<string, RefundResolution>> {
  const stale = await prisma.cardRefund.findMany({
    where: {
      status: "pending",
      OR: [
        { sentAt: { lte: new Date(now.getTime() - STALE_PENDING_MS) } },
        { sentAt: null, createdAt: { lte: new Date(now.getTime() - STALE_PENDING_MS) } },
      ],
    },
    take: BATCH,
  });
  for (const refund of stale)
    await markRefundUnknown(refund, "no answer was recorded: the call did not finish", REFUND_INQUIRY);
  const due = await prisma.cardRefund.findMany({
    where: {
      status: "unknown",
      ...(options.force
        ? {}
        : { OR: [{ checkedAt: null }, { checkedAt: { lte: new Date(now.getTime() - ASK_EVERY_MS) } }] }),
    },
    include: { transaction: true },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  const results: Record<string, RefundResolution> = {};
  // One acquirer not answering does not stop the others.
  for (const refund of due) results[refund.refundId] = await resolveOne(refund, now);
  return results;
}

export type RefundCheck = {
  refundId: string;
  trackingCode: string;
  amount: string;
  result: "made" | "not_made" | "sent";
  outcome: CardRefundOutcome | null;
};

/**
 * Staff ask what became of an unknown refund, now ("check"), and may send it again ("retry"): the acquirer's
 * records first; made is recorded; not made and settled is released (check) or sent again with the same
 * refund id (retry); not shown yet, or no answer, leaves it unknown with a refusal saying so.
 */
export async function checkCardRefund(
  refundId: string,
  staff: Staff,
  options: { retry?: boolean; now?: Date } = {},
): Promise<RefundCheck> {
  const now = options.now ?? new Date();
  const refund = await prisma.cardRefund.findUnique({ where: { refundId }, include: { transaction: true } });
  if (
    !refund ||
    refund.transaction.method !== "CREDIT_CARD" ||
    (staff.dealerId != null && refund.transaction.dealerId !== staff.dealerId)
  )
    throw DomainError.notFound(refusal("transactionNotYours"));
  if (refund.status !== "unknown") throw DomainError.conflict("Refund settled", refusal("refundSettled", { refundId }));
  const base = { refundId, trackingCode: refund.transaction.trackingCode, amount: refund.amount.toFixed(2) };
  let found: RefundInquiry;
  try {
    found = await askAcquirerAboutRefund(refund);
  } catch (error) {
    await prisma.cardRefund.update({ where: { id: refund.id }, data: { checkedAt: now } });
    throw DomainError.coded(
      "CONFLICT",
      "REFUND_UNKNOWN",
      refusal("refundCheckFailed", { refundId, why: error instanceof Error ? error.message : String(error) }),
      "Refund unknown",
    );
  }
  await recordAudit(prisma, staff, {
    action: "transaction.refund_checked",
    entityType: "transaction",
    entityId: refund.transactionId,
    after: { refundId, found: found.status, retry: options.retry ?? false },
  });
  if (found.status === "made") {
    const outcome = await recordRefundMade(refund, found.partnerReference, staff, "inquiry");
    if (!outcome) throw DomainError.conflict("Refund settled", refusal("refundSettled", { refundId }));
    return { ...base, result: "made", outcome };
  }
  if (!settled(refund, now)) {
    await prisma.cardRefund.update({ where: { id: refund.id }, data: { checkedAt: now } });
    const minutes = Math.max(
      1,
      Math.ceil((SETTLE_MS - (now.getTime() - (refund.sentAt ?? refund.createdAt).getTime())) / 60_000),
    );
    throw DomainError.coded(
      "CONFLICT",
      "REFUND_UNKNOWN",
      refusal("refundStillChecking", { refundId, minutes }),
      "Refund unknown",
    );
  }
  if (!options.retry) {
    if (!(await recordRefundNotMade(refund, staff)))
      throw DomainError.conflict("Refund settled", refusal("refundSettled", { refundId }));
    return { ...base, result: "not_made", outcome: null };
  }
  // Claimed for this retry only if still unknown: a second retry, or the task settling it, finds it taken.
  const { count } = await prisma.cardRefund.updateMany({
    where: { id: refund.id, status: "unknown" },
    data: { status: "pending", attempts: { increment: 1 }, sentAt: now, checkedAt: now },
  });
  if (count === 0) throw DomainError.conflict("Refund settled", refusal("refundSettled", { refundId }));
  await recordAudit(prisma, staff, {
    action: "transaction.refund_retried",
    entityType: "transaction",
    entityId: refund.transactionId,
    after: { refundId, amount: base.amount, attempt: refund.attempts + 1 },
  });
  const claimed = await prisma.cardRefund.findUniqueOrThrow({ where: { id: refund.id } });
  return { ...base, result: "sent", outcome: await sendCardRefund(claimed, refund.transaction, staff) };
}
