import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import { logger } from "@/lib/base/observability/logger";
import type { CardOrderRef, PaymentOutcome } from "@/lib/integrations/connectors/ports";
import { recordAcquirerFinding } from "./acquirer-finding";
import { applyAcquirerOutcome, type ApplyResult } from "./apply-acquirer-outcome";
import { inquiryOrderOf } from "./card-attempts";
import { dealerCardAcquirer } from "./dealer-acquirer";

/** A checkout normally ends within this; after it, the acquirer is asked instead of waiting for a lost message. */
export const CARD_INQUIRY_AFTER_MS = 3 * 60 * 1000;
/** How often one payment is asked about, at most (across the fleet: `gatewayInquiredAt`). */
const ASK_EVERY_MS = 60 * 1000;
/**
 * Claims the right to ask the acquirer about a payment now, on the stamp this inquiry keeps: at most once per
 * ASK_EVERY_MS per payment, fleet-wide, so an unsigned return posted over and over (receive-acquirer-message.ts)
 * makes one bank call a minute at most. True when this caller may ask.
 */
export async function claimPartnerAsk(paymentId: number): Promise<boolean> {
  const claimed = await prisma.$executeRaw`
    UPDATE transactions SET gateway_inquired_at = now()
    WHERE id = ${paymentId}
      AND (gateway_inquired_at IS NULL OR gateway_inquired_at <= now() - ${ASK_EVERY_MS} * interval '1 millisecond')`;
  return claimed === 1;
}

/** Payments that timed out are still asked about for a while: a charge after the timeout must be found. */
const AFTER_TIMEOUT_MS = 30 * 60 * 1000;
const BATCH = 50;

/** "150", "150.0", "150.00" -> "150.00"; null for anything that is not a plain decimal amount. */
function twoPlaces(amount: string): string | null {
  const m = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return m ? `${BigInt(m[1]!)}.${(m[2] ?? "").padEnd(2, "0")}` : null;
}

/**
 * What an approval (or a charge the bank made that is not accepted here) names that is not our order: its order
 * id, amount or currency, as far as the answer names them.
 */
function mismatchOf(outcome: PaymentOutcome, order: CardOrderRef): string | null {
  const charge = outcome.status === "approved" ? outcome : outcome.status === "declined" ? outcome.charged : undefined;
  if (!charge) return null;
  const differs: string[] = [];
  if (charge.orderId !== undefined && charge.orderId !== order.orderId) differs.push(`order ${charge.orderId}`);
  if (twoPlaces(charge.amount) === null || twoPlaces(charge.amount) !== twoPlaces(order.amount))
    differs.push(`amount ${charge.amount}, ours ${order.amount}`);
  if (charge.currency !== undefined && charge.currency !== order.currency)
    differs.push(`currency ${charge.currency}, ours ${order.currency}`);
  return differs.length ? differs.join("; ") : null;
}

/**
 * An approval that is not about our order as we hold it (another order, amount or currency): never applied.
 * Written into the payment's history and raised for staff, once per distinct answer.
 */
async function raiseMismatch(paymentId: number, reported: string): Promise<void> {
  await inTransaction(async (tx) => {
    const t = await tx.transaction.findUniqueOrThrow({ where: { id: paymentId } });
    await recordAcquirerFinding(tx, t, {
      kind: "inquiry_mismatch",
      message: note("inquiryMismatch", { source: "card-acquirer", reported }),
      details: { reported },
      dedupeKey: `inquiry_mismatch:${paymentId}:${reported}`.slice(0, 300),
    });
  });
}

/**
 * The status inquiry: every card payment whose checkout started and is still pending past the expected time
 * (and those the timeout failed not long ago) is looked up at its dealer's acquirer, and a verdict is applied
 * like a notification, so a lost return or notification still ends the payment right (a late approval is
 * recorded and raised for a refund). Repeats are harmless: the same verdict is a duplicate. An approval is
 * compared with the order first (the order id, amount and currency the answer names): one for anything else
 * is never applied, only recorded and raised.
 */
export async function inquireCardPayments(
  now: Date,
  options: { force?: boolean; dealerId?: number } = {},
): Promise<Record<string, ApplyResult | "error" | "mismatch">> {
  const payments = await prisma.transaction.findMany({
    where: {
      method: "CREDIT_CARD",
      // One dealer's payments only: a check of its acquirer, as an operator or a test asks, that other dealers'
      // open payments (a round takes 50) cannot crowd out.
      ...(options.dealerId === undefined ? {} : { dealerId: options.dealerId }),
      gatewayReference: { not: null },
      AND: [
        {
          OR: [
            { status: "pending", createdAt: { lte: new Date(now.getTime() - CARD_INQUIRY_AFTER_MS) } },
            { status: "failed", errorCode: "TIMEOUT", expiresAt: { gte: new Date(now.getTime() - AFTER_TIMEOUT_MS) } },
          ],
        },
        // Asked at most once a minute, by any process of the fleet (unless forced, as a test or operator does).
        options.force
          ? {}
          : {
              OR: [{ gatewayInquiredAt: null }, { gatewayInquiredAt: { lte: new Date(now.getTime() - ASK_EVERY_MS) } }],
            },
      ],
    },
    select: {
      id: true,
      orderId: true,
      dealerId: true,
      amount: true,
      currency: true,
      gatewayReference: true,
      status: true,
    },
    // The least recently asked first: with more open payments than one round takes, every one of them is
    // reached in turn (oldest ids first, they would take every round and starve the newer ones for the
    // half hour a timed-out payment stays in the inquiry).
    orderBy: [{ gatewayInquiredAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: BATCH,
  });
  // Stamped before asking, all of the round, also those with no attempt to ask about: each goes to the back.
  if (payments.length)
    await prisma.transaction.updateMany({
      where: { id: { in: payments.map((p) => p.id) } },
      data: { gatewayInquiredAt: now },
    });
  const results: Record<string, ApplyResult | "error" | "mismatch"> = {};
  for (const p of payments) {
    // The attempt to ask about: the latest, while it has no verdict (card-attempts.ts).
    const order = await inquiryOrderOf(prisma, p);
    if (!order) continue;
    try {
      const acquirer = await dealerCardAcquirer(prisma, p.dealerId);
      if (!acquirer) continue;
      const asked: CardOrderRef = {
        orderId: order.orderId,
        amount: p.amount.toFixed(2),
        currency: p.currency,
        partnerReference: order.partnerReference,
      };
      const outcome = await acquirer.connector.inquire(acquirer.config, asked);
      const mismatch = mismatchOf(outcome, asked);
      const charged =
        outcome.status === "approved" || (outcome.status === "declined" && outcome.chargedAnyway === true);
      if (mismatch) {
        await raiseMismatch(p.id, mismatch);
        results[order.orderId] = "mismatch";
      }
      // After the timeout only a charge matters: a checkout the acquirer closed unpaid agrees with "failed".
      else if (p.status === "failed" && !charged) results[order.orderId] = "no-verdict";
      else results[order.orderId] = await applyAcquirerOutcome(order.orderId, outcome);
    } catch (error) {
      // One acquirer not answering does not stop the others; the next round asks again.
      results[order.orderId] = "error";
      logger.warn({ orderId: order.orderId, err: String(error) }, "card status inquiry failed");
    }
  }
  return results;
}
