import { prisma } from "@/lib/base/db/prisma";
import { countPartnerMessageRejected } from "@/lib/base/observability/business-metrics";
import { logger } from "@/lib/base/observability/logger";
import type {
  IncomingMessage,
  OrderLookup,
  PartnerAck,
  Unverified,
  VerifiedOutcome,
} from "@/lib/integrations/connectors/ports";
import { returnUrlWith } from "@/lib/domain/sites/return-url";
import { applyAcquirerOutcome, type ApplyResult } from "./apply-acquirer-outcome";
import { claimPartnerAsk } from "./inquire-card-payments";
import { paymentIdOfOrder, paymentIdOfReference, paymentOrderLookup } from "./card-attempts";
import { dealerCardAcquirer, type DealerCardAcquirer } from "./dealer-acquirer";

/**
 * The acquirer's "cancel and return to the site" lands on the site, not on our final page, where the site has a return
 * URL.
 */
async function siteReturnIfCancelled(id: number): Promise<string | null> {
  const now = await prisma.transaction.findUnique({
    where: { id },
    select: { status: true, trackingCode: true, site: { select: { returnUrl: true } } },
  });
  return now?.status === "cancelled" && now.site?.returnUrl
    ? returnUrlWith(now.site.returnUrl, { status: now.status, trackingCode: now.trackingCode })
    : null;
}

const UNKNOWN: PartnerAck = {
  status: 404,
  contentType: "application/json",
  body: '{"success":false,"error":"Not found","message":"Unknown payment."}',
};

/**
 * `cancelledTo`: where the customer's browser goes after cancelling at the acquirer (the site's return URL, told the
 * outcome).
 */
export type Received = {
  verified: boolean;
  result: ApplyResult | null;
  ack: PartnerAck;
  token: string | null;
  cancelledTo?: string | null;
};

/**
 * What the acquirer sent about one card payment (named by its payment token in our return and notify URLs,
 * or by its order id on the sandbox's older notification address): handed to the dealer's connector to verify
 * (signature first, then order id and amount equal to ours) before anything is recorded, then applied
 * through the lifecycle. An unverified message changes nothing; its reason is logged, never shown.
 */
export async function receiveAcquirerMessage(
  payment: { token: string } | { orderId: string },
  kind: "return" | "notification",
  message: IncomingMessage,
): Promise<Received> {
  const t = await prisma.transaction.findUnique({
    where:
      "token" in payment ? { paymentToken: payment.token } : { id: (await paymentIdOfOrder(payment.orderId)) ?? 0 },
    select: {
      id: true,
      method: true,
      dealerId: true,
      orderId: true,
      amount: true,
      currency: true,
      gatewayReference: true,
      paymentToken: true,
    },
  });
  if (!t || t.method !== "CREDIT_CARD" || !t.orderId)
    return { verified: false, result: null, ack: UNKNOWN, token: null };
  const acquirer = await dealerCardAcquirer(prisma, t.dealerId);
  if (!acquirer) return { verified: false, result: null, ack: UNKNOWN, token: t.paymentToken };
  return verifyAndApply(acquirer, { ...t, orderId: t.orderId }, kind, message);
}

/**
 * A notification sent to the dealer's own address (/api/webhooks/acquirer/dealers/<id>), for acquirers that
 * send every notification of a merchant account to one URL set in their panel (PayTR). The connector names
 * the partner reference the message speaks of; only a card payment of this dealer under that reference (the
 * reference of any of its attempts, so a late verdict on an earlier attempt is found too) is looked at, and
 * the dealer's connector verifies the message before anything is recorded. A message naming no payment of
 * the dealer, or for a dealer whose acquirer sends no such notifications, changes nothing.
 */
export async function receiveDealerAcquirerNotification(dealerId: number, message: IncomingMessage): Promise<Received> {
  const acquirer = await dealerCardAcquirer(prisma, dealerId);
  const reference = acquirer?.connector.notificationReference?.(message) ?? null;
  if (!acquirer || !reference) return { verified: false, result: null, ack: UNKNOWN, token: null };
  const attemptOf = await paymentIdOfReference(dealerId, reference);
  const t = await prisma.transaction.findFirst({
    where:
      attemptOf !== null
        ? { id: attemptOf, dealerId, method: "CREDIT_CARD" }
        : { dealerId, method: "CREDIT_CARD", gatewayReference: reference },
    select: {
      id: true,
      method: true,
      dealerId: true,
      orderId: true,
      amount: true,
      currency: true,
      gatewayReference: true,
      paymentToken: true,
    },
  });
  if (!t?.orderId) {
    logger.warn(
      { connector: acquirer.name, dealerId, reference },
      "acquirer notification names no card payment of the dealer",
    );
    return { verified: false, result: null, ack: UNKNOWN, token: null };
  }
  return verifyAndApply(acquirer, { ...t, orderId: t.orderId }, "notification", message);
}

type Payment = {
  id: number;
  orderId: string;
  amount: { toFixed(n: number): string };
  currency: string;
  gatewayReference: string | null;
  paymentToken: string | null;
};

async function verifyAndApply(
  acquirer: DealerCardAcquirer,
  t: Payment,
  kind: "return" | "notification",
  message: IncomingMessage,
): Promise<Received> {
  // A message about this payment may only speak of this payment's orders: one per attempt (card-attempts.ts),
  // named by the attempt's order id or by the reference the acquirer knows it by.
  const lookup: OrderLookup = paymentOrderLookup({
    id: t.id,
    orderId: t.orderId,
    amount: t.amount.toFixed(2),
    currency: t.currency,
    gatewayReference: t.gatewayReference,
  });
  const { connector, config } = acquirer;
  const verdict: VerifiedOutcome | Unverified =
    kind === "return"
      ? await connector.verifyReturn(config, message, lookup, { mayAskPartner: () => claimPartnerAsk(t.id) })
      : connector.verifyNotification
        ? await connector.verifyNotification(config, message, lookup)
        : { ok: false, reason: `${connector.name} sends no notifications`, ack: UNKNOWN };
  if (!verdict.ok) {
    logger.warn(
      { connector: connector.name, kind, orderId: t.orderId, reason: verdict.reason },
      "acquirer message refused",
    );
    countPartnerMessageRejected({ connector: connector.name, kind: "card", message: kind });
    return { verified: false, result: null, ack: verdict.ack, token: t.paymentToken };
  }
  const result = await applyAcquirerOutcome(verdict.orderId, verdict.outcome);
  return {
    verified: true,
    result,
    ack: verdict.ack,
    token: t.paymentToken,
    cancelledTo: await siteReturnIfCancelled(t.id),
  };
}
