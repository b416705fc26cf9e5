import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, OrderLookup, PartnerAck, Unverified, VerifiedOutcome } from "../ports";
import { PartnerCallError } from "../ports";
import type { PaparaConfig } from "./config";
import { paymentById } from "./deposit";
import { paymentOutcome } from "./response-mapper";

/**
 * Papara's payment notification: a JSON POST of the payment object to the notificationUrl we gave, repeated
 * for 24 hours until it is answered 200. Papara signs nothing; its documentation says to make sure the
 * notification comes from Papara and to check the payment with `GET /payments` by the posted `id`. So the
 * posted body is used only for that id (and, when configured, the panel's secret key it carries); every fact
 * applied (order, status, amount, currency) is Papara's own answer to our inquiry, checked against our order.
 *
 * The answer says what is true, and Papara (which repeats a notification for 24 hours until it gets a 200, each
 * repeat costing a `GET /payments`) sends again only what a repeat could change:
 *  - our inquiry got no answer from Papara: 503, so Papara sends it again;
 *  - the panel's secret key wrong: 401 (not Papara's);
 *  - not a notification at all (no JSON, no payment id): 400;
 *  - a payment Papara does not know, or that is not one of this gateway's orders: 200 "Ignored" (nothing will
 *    ever make it ours; a forged one is not repeated by Papara anyway);
 *  - ours, but Papara's answer differs from the order (amount, currency, an undocumented status): 200 "Not
 *    applied": a repeat would read the same answer; the status inquiry, which raises a mismatch for staff, has it.
 */

const TEXT = "text/plain; charset=utf-8";
const OK: PartnerAck = { status: 200, contentType: TEXT, body: "OK" };
const refuse = (reason: string, status = 400): Unverified => ({
  ok: false,
  reason,
  ack: { status, contentType: TEXT, body: "Not accepted" },
});
/** Answered 200 so Papara stops repeating it, and nothing applied: `body` says why. */
const settledUnapplied = (reason: string, body: string): Unverified => ({
  ok: false,
  reason,
  ack: { status: 200, contentType: TEXT, body },
});
const notOurs = (reason: string) => settledUnapplied(reason, "Ignored: not a payment of this merchant's orders");
const notApplied = (reason: string) =>
  settledUnapplied(reason, "Not applied: Papara's payment differs from the order; the status inquiry checks it");

type Verified = (VerifiedOutcome & { direction: "deposit" | "withdrawal" }) | Unverified;

function sameSecret(expected: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function verifyNotification(
  config: PaparaConfig,
  message: IncomingMessage,
  lookup?: OrderLookup,
): Promise<Verified> {
  if (message.method.toUpperCase() !== "POST") return refuse("not a POST", 405);
  let body: unknown;
  try {
    body = JSON.parse(message.rawBody);
  } catch {
    return refuse("body is not JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return refuse("body is not a JSON object");
  const posted = body as Record<string, unknown>;
  if (config.merchantSecretKey !== undefined && !sameSecret(config.merchantSecretKey, posted.merchantSecretKey))
    return refuse("merchantSecretKey missing or wrong", 401);
  const id = typeof posted.id === "string" && /^[A-Za-z0-9-]{1,64}$/.test(posted.id) ? posted.id : null;
  if (!id) return refuse("no payment id");
  let payment;
  try {
    payment = await paymentById(config, id);
  } catch (error) {
    return refuse(
      `Papara could not confirm the payment now: ${error instanceof PartnerCallError ? error.message : String(error)}`,
      503,
    );
  }
  if (!payment) return notOurs(`Papara does not know payment ${id}`);
  const orderId = payment.referenceId;
  const order = orderId && lookup ? await lookup(orderId) : null;
  if (!order) return notOurs(`payment ${id} names no order of this gateway`);
  if (order.partnerReference !== null && order.partnerReference !== payment.id)
    return notOurs("the payment is not the one issued for the order");
  if (!payment.lira || order.currency !== "TRY") return notApplied("the payment is not in the order's currency");
  if (payment.amount !== order.amount)
    return notApplied(`Papara's amount ${payment.amount ?? "none"} differs from the order's ${order.amount}`);
  const outcome = paymentOutcome(payment);
  if (!outcome) return notApplied(`Papara's payment status ${String(payment.status)} is not one it documents`);
  return { ok: true, orderId: order.orderId, outcome, ack: OK, direction: "deposit" };
}
