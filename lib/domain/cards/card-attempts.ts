import { prisma, type Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { MAX_CARD_ATTEMPTS } from "@/lib/domain/transactions/lifecycle";
import { Prisma, type CardAttempt, type CardAttemptStatus } from "@/lib/generated/prisma/client";
import type { OrderLookup, PaymentOutcome } from "@/lib/integrations/connectors/ports";

/**
 * A card payment's attempts at its acquirer (docs/decisions.md, "Card payments: another card after a
 * decline"). Attempt 1 goes to the acquirer under the payment's own order id, attempt n under
 * `<order_id>-<n>`: EST and Garanti refuse an order id they have seen, and one id per attempt lets every
 * verdict name the attempt it is about, so a late answer about an earlier attempt is verified against this
 * payment and recorded on that attempt, never on the current one.
 */

/** The order id the acquirer knows attempt `number` by. */
export function attemptOrderId(paymentOrderId: string, number: number): string {
  return number === 1 ? paymentOrderId : `${paymentOrderId}-${number}`;
}

export function latestAttempt(db: Db, transactionId: number): Promise<CardAttempt | null> {
  return db.cardAttempt.findFirst({ where: { transactionId }, orderBy: { number: "desc" } });
}

/**
 * The attempt an acquirer's order id names and its card payment. The payment's own order id with no attempt
 * recorded yet (a checkout opened before attempts were kept, or a message that came first) is attempt 1,
 * recorded now.
 */
export async function attemptForOrder(orderId: string): Promise<CardAttempt | null> {
  const attempt = await prisma.cardAttempt.findUnique({ where: { orderId } });
  if (attempt) return attempt;
  const payment = await prisma.transaction.findUnique({
    where: { orderId },
    select: { id: true, method: true, gatewayReference: true },
  });
  if (!payment || payment.method !== "CREDIT_CARD") return null;
  try {
    return await prisma.cardAttempt.create({
      data: { transactionId: payment.id, number: 1, orderId, partnerReference: payment.gatewayReference },
    });
  } catch (error) {
    // The same message arriving twice at once: the other one recorded attempt 1 first (unique order id).
    if ((error as { code?: string }).code !== "P2002") throw error;
    return prisma.cardAttempt.findUnique({ where: { orderId } });
  }
}

/** The card payment an acquirer's order id names (an attempt's, or the payment's own), without writing anything. */
export async function paymentIdOfOrder(orderId: string): Promise<number | null> {
  const attempt = await prisma.cardAttempt.findUnique({ where: { orderId }, select: { transactionId: true } });
  if (attempt) return attempt.transactionId;
  return (await prisma.transaction.findUnique({ where: { orderId }, select: { id: true } }))?.id ?? null;
}

/**
 * The orders a message about this payment may name: its attempts', each with the reference its checkout got,
 * named by the attempt's order id or by that reference (PayTR's merchant_oid, iyzico's token); the payment's
 * own order (by its order id or reference) while no attempt was recorded. Any other order is refused.
 */
export function paymentOrderLookup(payment: {
  id: number;
  orderId: string;
  amount: string;
  currency: string;
  gatewayReference: string | null;
}): OrderLookup {
  return async (id) => {
    const attempt =
      (await prisma.cardAttempt.findUnique({ where: { orderId: id } })) ??
      (await prisma.cardAttempt.findFirst({
        where: { transactionId: payment.id, partnerReference: id },
        orderBy: { number: "desc" },
      }));
    if (attempt)
      return attempt.transactionId === payment.id
        ? {
            orderId: attempt.orderId,
            amount: payment.amount,
            currency: payment.currency,
            partnerReference: attempt.partnerReference,
          }
        : null;
    if (id !== payment.orderId && (payment.gatewayReference === null || id !== payment.gatewayReference)) return null;
    return {
      orderId: payment.orderId,
      amount: payment.amount,
      currency: payment.currency,
      partnerReference: payment.gatewayReference,
    };
  };
}

/** The dealer's card payment one of whose attempts the acquirer knows by `reference` (a dealer-wide notification's). */
export async function paymentIdOfReference(dealerId: number, reference: string): Promise<number | null> {
  const attempt = await prisma.cardAttempt.findFirst({
    where: { partnerReference: reference, transaction: { dealerId, method: "CREDIT_CARD" } },
    orderBy: { id: "desc" },
    select: { transactionId: true },
  });
  return attempt?.transactionId ?? null;
}

/**
 * The attempt "Pay by card" (or "Try another card") opens at the acquirer: the current one while it has no
 * verdict (opening it again gives the same order), else a new one after a decline, while fewer than
 * MAX_CARD_ATTEMPTS were made. Two clicks at once make one attempt: the unique (payment, number) decides.
 */
export async function attemptToCheckout(payment: { id: number; orderId: string }): Promise<CardAttempt> {
  const latest = await latestAttempt(prisma, payment.id);
  if (latest?.status === "started") return latest;
  const number = (latest?.number ?? 0) + 1;
  if ((latest && latest.status !== "declined") || number > MAX_CARD_ATTEMPTS)
    throw DomainError.conflict("Not open", refusal("notOpen"));
  try {
    return await prisma.cardAttempt.create({
      data: { transactionId: payment.id, number, orderId: attemptOrderId(payment.orderId, number) },
    });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    const winner = await latestAttempt(prisma, payment.id);
    if (winner?.status !== "started") throw DomainError.conflict("Not open", refusal("notOpen"));
    return winner;
  }
}

const VERDICT: Record<Exclude<PaymentOutcome["status"], "pending" | "not_found">, CardAttemptStatus> = {
  approved: "approved",
  declined: "declined",
  cancelled: "cancelled",
};

/**
 * The acquirer's verdict on one attempt, written once: `new` when it is the first (or an approval after a
 * decline: the charge is what happened), `same` when it was already recorded, `other` when the attempt was
 * decided otherwise before (an approval heard declined: the payment's conflict handling records it).
 */
export async function recordAttemptVerdict(
  tx: Db,
  attempt: CardAttempt,
  outcome: Exclude<PaymentOutcome, { status: "pending" | "not_found" }>,
): Promise<"new" | "same" | "other"> {
  const status = VERDICT[outcome.status];
  const error = outcome.status === "approved" ? null : outcome.error;
  const data = {
    status,
    errorCode: error?.code ?? null,
    errorMessage: error?.message ?? null,
    authCode: outcome.status === "approved" ? (outcome.authCode ?? null) : null,

    partnerReference: attempt.partnerReference ?? outcome.partnerReference,
    decidedAt: new Date(),
  };
  const from: CardAttemptStatus[] = status === "approved" ? ["started", "declined", "cancelled"] : ["started"];
  const { count } = await tx.cardAttempt.updateMany({ where: { id: attempt.id, status: { in: from } }, data });
  // The card as the acquirer showed it, from whichever signed message names it first (the return after the
  // notification, say): recorded once, never changed.
  if (outcome.status === "approved" && outcome.card)
    await tx.cardAttempt.updateMany({
      where: { id: attempt.id, status: "approved", cardLast4: null },
      data: { cardBrand: outcome.card.brand, cardLast4: outcome.card.last4 },
    });
  if (count === 1) return "new";
  const now = await tx.cardAttempt.findUniqueOrThrow({ where: { id: attempt.id }, select: { status: true } });
  return now.status === status ? "same" : "other";
}

/** Another attempt of the payment was approved already: a second approval is a second charge. */
export async function otherApprovedAttempt(tx: Db, attempt: CardAttempt): Promise<CardAttempt | null> {
  return tx.cardAttempt.findFirst({
    where: { transactionId: attempt.transactionId, status: "approved", NOT: { id: attempt.id } },
    orderBy: { number: "asc" },
  });
}

/** The order id the acquirer charged (the approved attempt's): refunds and their inquiries name it. */
export async function paidOrderId(db: Db, payment: { id: number; orderId: string | null }): Promise<string> {
  const paid = await db.cardAttempt.findFirst({
    where: { transactionId: payment.id, status: "approved" },
    orderBy: { number: "asc" },
    select: { orderId: true },
  });
  return paid?.orderId ?? payment.orderId ?? "";
}

/**
 * What the status inquiry asks the acquirer about for a payment: its latest attempt while that has no
 * verdict (a decided attempt needs no asking); the payment's own order when no attempt was recorded.
 */
export async function inquiryOrderOf(
  db: Db,
  payment: { id: number; orderId: string | null; gatewayReference: string | null },
): Promise<{ orderId: string; partnerReference: string | null } | null> {
  const latest = await latestAttempt(db, payment.id);
  if (!latest) return payment.orderId ? { orderId: payment.orderId, partnerReference: payment.gatewayReference } : null;
  return latest.status === "started" ? { orderId: latest.orderId, partnerReference: latest.partnerReference } : null;
}
