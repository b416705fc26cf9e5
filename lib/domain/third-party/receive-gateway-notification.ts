import { prisma } from "@/lib/base/db/prisma";
import type { Gateway } from "@/lib/generated/prisma/client";
import type { IncomingMessage, OrderLookup, PartnerAck, WithdrawalLookup } from "@/lib/integrations/connectors/ports";
import { claimPartnerNonce } from "@/lib/domain/idempotency/partner-nonces";
import { applyGatewayOutcome, gatewayOutcomeOf } from "./apply-gateway-outcome";
import { gatewayUnusableReason, verifyingConnections } from "./gateway-connection";
import { recordPartialPayment } from "./record-partial-payment";

export type NotificationResult =
  | { verified: false; reason: string; ack?: PartnerAck }
  | { verified: true; status: Awaited<ReturnType<typeof applyGatewayOutcome>> | "pending"; ack: PartnerAck };

/**
 * The gateway a notify URL names: by its immutable id (what orders are given now), or by a code, current or
 * former, for orders issued before notify URLs carried the id.
 */
export async function gatewayOfNotifyPath(by: "id" | "code", value: string): Promise<Gateway | null> {
  if (by === "id") return /^\d{1,9}$/.test(value) ? prisma.gateway.findUnique({ where: { id: Number(value) } }) : null;
  if (!value) return null;
  return (
    (await prisma.gateway.findUnique({ where: { code: value } })) ??
    (await prisma.gateway.findFirst({ where: { formerCodes: { has: value } } }))
  );
}

/**
 * A gateway's notification: verified by its connector with the current configuration, then the previous
 * one while a secret rotation's grace period lasts; a version 2 message's nonce is remembered, so a replay is
 * refused; a verified outcome goes through the lifecycle (applyGatewayOutcome), and a short payment is written
 * into the deposit's history. Nothing is recorded for an unverified or replayed message. Everything here reads
 * and writes our database only: the gateway gets its answer at once.
 */
export async function receiveGatewayNotification(
  gateway: Gateway,
  message: IncomingMessage,
  now = new Date(),
): Promise<NotificationResult> {
  const unusable = gatewayUnusableReason(gateway);
  if (unusable) return { verified: false, reason: unusable };
  let refused: NotificationResult = { verified: false, reason: "not verified" };
  const lookup = orderLookupFor(gateway);
  const byReference = withdrawalLookupFor(gateway);
  for (const { connector, config } of verifyingConnections(gateway, now)) {
    const verified = await connector.verifyNotification(config, message, lookup, byReference);
    if (!verified.ok) {
      // A signature that matched but a body that did not parse says so over any other configuration's refusal.
      if (refused.ack?.status !== 422) refused = { verified: false, reason: verified.reason, ack: verified.ack };
      continue;
    }
    // A version 2 message is taken once: its nonce, remembered for this gateway, refuses a replay.
    if (verified.nonce && !(await claimPartnerNonce(`gateway:${gateway.id}`, verified.nonce)))
      return { verified: false, reason: "replayed: this nonce was seen before" };
    if (verified.outcome.status === "pending" && verified.outcome.partiallyPaid)
      await recordPartialPayment(gateway, verified.orderId, verified.outcome.partiallyPaid);
    const outcome = gatewayOutcomeOf(verified.orderId, verified.direction, verified.outcome);
    return {
      verified: true,
      status: outcome ? await applyGatewayOutcome(gateway, outcome) : "pending",
      ack: verified.ack,
    };
  }
  return refused;
}

/**
 * The orders a gateway's message may name: only transactions bound to that gateway, so a signed message
 * can never reach another gateway's order; amounts as two-decimal strings, the reference the gateway gave.
 */
function orderLookupFor(gateway: Gateway): OrderLookup {
  return async (orderId) => {
    const t = await prisma.transaction.findUnique({
      where: { trackingCode: orderId },
      select: { trackingCode: true, amount: true, currency: true, gatewayId: true, gatewayReference: true },
    });
    if (!t || t.gatewayId !== gateway.id) return null;
    return {
      orderId: t.trackingCode,
      amount: t.amount.toFixed(2),
      currency: t.currency,
      partnerReference: t.gatewayReference,
    };
  };
}

/**
 * Our withdrawals by the reference the gateway gave them (its payout id), bound to that gateway: a payout
 * message naming only the gateway's own id finds its order here, by index, without asking the gateway.
 */
function withdrawalLookupFor(gateway: Gateway): WithdrawalLookup {
  return async (gatewayReference) => {
    const t = await prisma.transaction.findFirst({
      where: { gatewayId: gateway.id, gatewayReference, direction: "WITHDRAWAL" },
      select: { trackingCode: true, amount: true, currency: true, accountDetails: true },
    });
    if (!t) return null;
    const account =
      t.accountDetails && typeof t.accountDetails === "object" && !Array.isArray(t.accountDetails)
        ? (t.accountDetails as Record<string, string>)
        : {};
    return { orderId: t.trackingCode, amount: t.amount.toFixed(2), currency: t.currency, account };
  };
}
