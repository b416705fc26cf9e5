import { prisma } from "@/lib/base/db/prisma";
import { logger } from "@/lib/base/observability/logger";
import { applyAcquirerOutcome, type ApplyResult } from "./apply-acquirer-outcome";
import { inquiryOrderOf } from "./card-attempts";
import { dealerCardAcquirer } from "./dealer-acquirer";

/** A checkout normally ends within this; after it, the acquirer is asked instead of waiting for a lost message. */
export const CARD_INQUIRY_AFTER_MS = 3 * 60 * 1000;
/** How often one payment is asked about, at most (per process). */
const ASK_EVERY_MS = 60 * 1000;
/** Payments that timed out are still asked about for a while: a charge after the timeout must be found. */
const AFTER_TIMEOUT_MS = 30 * 60 * 1000;
const BATCH = 50;

const lastAsked = new Map<string, number>();

/**
 * The status inquiry: every card payment whose checkout started and is still pending past the expected time
 * (and those the timeout failed not long ago) is looked up at its dealer's acquirer, and a verdict is applied
 * like a notification, so a lost return or notification still ends the payment right (a late approval is
 * recorded and raised for a refund). Repeats are harmless: the same verdict is a duplicate.
 */
export async function inquireCardPayments(now: Date, options: { force?: boolean } = {}): Promise<Record<string, ApplyResult | "error">> {
  const payments = await prisma.transaction.findMany({
    where: {
      method: "CREDIT_CARD",
      gatewayReference: { not: null },
      OR: [
        { status: "pending", createdAt: { lte: new Date(now.getTime() - CARD_INQUIRY_AFTER_MS) } },
        { status: "failed", errorCode: "TIMEOUT", expiresAt: { gte: new Date(now.getTime() - AFTER_TIMEOUT_MS) } },
      ],
    },
    select: { id: true, orderId: true, dealerId: true, amount: true, gatewayReference: true, status: true },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  const results: Record<string, ApplyResult | "error"> = {};
  for (const p of payments) {
    // The attempt to ask about: the latest, while it has no verdict (card-attempts.ts).
    const order = await inquiryOrderOf(prisma, p);
    if (!order) continue;
    if (!options.force && now.getTime() - (lastAsked.get(order.orderId) ?? 0) < ASK_EVERY_MS) continue;
    lastAsked.set(order.orderId, now.getTime());
    try {
      const acquirer = await dealerCardAcquirer(prisma, p.dealerId);
      if (!acquirer) continue;
      const outcome = await acquirer.connector.inquire(acquirer.config, { orderId: order.orderId, amount: p.amount.toFixed(2), partnerReference: order.partnerReference });
      // After the timeout only a charge matters: a checkout the acquirer closed unpaid agrees with "failed".
      if (p.status === "failed" && outcome.status !== "approved") results[order.orderId] = "no-verdict";
      else results[order.orderId] = await applyAcquirerOutcome(order.orderId, outcome);
    } catch (error) {
      // One acquirer not answering does not stop the others; the next round asks again.
      results[order.orderId] = "error";
      logger.warn({ orderId: order.orderId, err: String(error) }, "card status inquiry failed");
    }
  }
  for (const [orderId, at] of lastAsked) if (now.getTime() - at > AFTER_TIMEOUT_MS) lastAsked.delete(orderId);
  return results;
}
