import { amountOfMinorUnits, minorUnits, readMinorUnits } from "../amount-format";
import type { IncomingMessage, OrderLookup, PartnerAck, Unverified, VerifiedOutcome } from "../ports";
import type { PaytrConfig } from "./config";
import { notificationHash, sameHash } from "./crypt";
import { merchantOidOf, PAYTR_NOTIFIED_KURUS } from "./request-mapper";
import { notificationOutcome } from "./response-mapper";

/**
 * PayTR's payment notification ("iFrame API 2. Adım"): a form POST to the store's notification URL (one per
 * store, set in PayTR's merchant panel) with merchant_oid, status, total_amount and hash, plus unsigned extras
 * (failed_reason_code/msg, test_mode, payment_type, currency, payment_amount). PayTR sends it again every
 * minute until the answer is exactly `OK`, so one payment's notification arrives more than once.
 *
 * Verified in this order, nothing recorded on any failure: the hash over the posted merchant_oid, status and
 * total_amount; a test payment only where the configuration is a test one; the order it names is ours; for a
 * success, total_amount at least our amount and, when PayTR sends it, the currency ours. PayTR documents
 * total_amount above the order's payment_amount (an installment's interest, an alternative method's surcharge):
 * the payment is then credited its own amount and the rest is raised (`collected`), never refused, since a
 * refusal only makes PayTR post it again every minute while the customer has paid.
 */

export const OK: PartnerAck = { status: 200, contentType: "text/plain; charset=utf-8", body: "OK" };
const REFUSED: PartnerAck = {
  status: 400,
  contentType: "text/plain; charset=utf-8",
  body: "PAYTR notification failed",
};

const refuse = (reason: string): Unverified => ({ ok: false, reason, ack: REFUSED });

const MERCHANT_OID = /^[A-Za-z0-9]{1,64}$/;

function fieldsOf(message: IncomingMessage): Record<string, string> | null {
  if (message.method.toUpperCase() !== "POST") return null;
  return message.form ?? Object.fromEntries(new URLSearchParams(message.rawBody));
}

/** The merchant_oid a notification names, read only to find its payment (the hash is checked afterwards). */
export function notificationReference(message: IncomingMessage): string | null {
  const oid = fieldsOf(message)?.merchant_oid;
  return oid && MERCHANT_OID.test(oid) ? oid : null;
}

export async function verifyNotification(
  config: PaytrConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
): Promise<VerifiedOutcome | Unverified> {
  const fields = fieldsOf(message);
  if (!fields) return refuse("not a POST");
  const { merchant_oid: oid = "", status = "", total_amount: total = "", hash } = fields;
  if (!sameHash(notificationHash(config, oid, status, total), hash)) return refuse("hash missing or wrong");
  if (!MERCHANT_OID.test(oid) || (status !== "success" && status !== "failed"))
    return refuse("signed, but not a payment result");
  if (fields.test_mode === "1" && !config.testMode)
    return refuse("a test payment's notification for a live configuration");
  const order = await lookup(oid);
  if (!order) return refuse(`merchant_oid ${oid} names no payment of ours`);
  if (merchantOidOf(order.orderId) !== oid || (order.partnerReference !== null && order.partnerReference !== oid))
    return refuse("merchant_oid is not this payment's");
  if (
    order.currency !== "TRY" ||
    (fields.currency !== undefined && fields.currency !== "TL" && fields.currency !== "TRY")
  )
    return refuse("currency differs from the payment's");
  if (status === "success") {
    const ours = minorUnits(order.amount);
    const collected = readMinorUnits(total, PAYTR_NOTIFIED_KURUS);
    if (ours === null || collected === null || collected < ours)
      return refuse(`total_amount ${total} is less than the payment's ${order.amount}`);
    // More than ours is what PayTR documents for an installment's interest or a method's surcharge: the order is paid.
    const more = collected > ours ? amountOfMinorUnits(collected) : undefined;
    return { ok: true, orderId: order.orderId, outcome: notificationOutcome(fields, order.amount, oid, more), ack: OK };
  }
  return { ok: true, orderId: order.orderId, outcome: notificationOutcome(fields, order.amount, oid), ack: OK };
}
