import { lettersAndDigitsOrderId } from "../order-id-alphabet";
import { toCents } from "@/lib/base/money/cents";
import type { CardOrder } from "../ports";
import type { PaytrConfig } from "./config";
import { tokenRequestHash, type TokenFields } from "./crypt";

/**
 * What we send PayTR, from our order. PayTR's get-token fields ("iFrame API 1. Adım"): amounts in kuruş
 * (`payment_amount`, 34.56 -> 3456), `merchant_oid` alphanumeric up to 64, `user_basket` base64 of a JSON
 * list of [name, unit price, quantity], `currency` TL, and the payment frame's ok/fail URLs.
 */

/** Longest `timeout_limit` we ask for (minutes): PayTR's default and our card payments' life are shorter. */
const MAX_TIMEOUT_MINUTES = 30;

/**
 * Our order id as PayTR's `merchant_oid`: PayTR takes only letters and digits, so anything else is dropped
 * ("ORD-7K2M…" -> "ORD7K2M…"). It is stored as the payment's partner reference, which is how a notification
 * (naming only merchant_oid) finds its payment.
 */
export function merchantOidOf(orderId: string): string {
  const oid = lettersAndDigitsOrderId(orderId, 64);
  if (oid === null) throw new RangeError(`order id ${JSON.stringify(orderId)} has no PayTR merchant_oid`);
  return oid;
}

/** "1250.75" -> "125075" (PayTR's payment_amount and total_amount), or null for what is not a money amount. */
export function kurusOf(amount: string): string | null {
  const cents = toCents(amount);
  return cents === null ? null : cents.toString();
}

/** PayTR's kuruş integer ("125075") as our "1250.75", or null. */
export function amountOfKurus(kurus: string): string | null {
  if (!/^\d{1,16}$/.test(kurus)) return null;
  const cents = BigInt(kurus);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

/** Minutes PayTR keeps the frame payable: until our payment closes, at least one, at most 30. */
export function timeoutMinutes(expiresAt: string, now: number): number {
  const left = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  return Math.min(MAX_TIMEOUT_MINUTES, Math.max(1, Number.isFinite(left) ? left : 1));
}

/** The basket PayTR requires: one line worth the whole amount (a deposit has no goods). */
export function basketOf(order: Pick<CardOrder, "amount" | "description">): string {
  const name = (order.description.trim() || "Deposit").slice(0, 100);
  return Buffer.from(JSON.stringify([[name, order.amount, 1]]), "utf8").toString("base64");
}

/** Placeholders for what PayTR requires and a deposit may lack (PayTR shows none of them to the customer as ours). */
const NO_ADDRESS = "Online payment (no shipping)";

export function tokenRequest(config: PaytrConfig, order: CardOrder, now = Date.now()): Record<string, string> {
  const paymentAmount = kurusOf(order.amount);
  if (paymentAmount === null) throw new RangeError(`amount ${JSON.stringify(order.amount)} is not a money amount`);
  const fields: TokenFields = {
    user_ip: order.customer.ip,
    merchant_oid: merchantOidOf(order.orderId),
    email: order.customer.email.trim().slice(0, 100),
    payment_amount: paymentAmount,
    user_basket: basketOf(order),
    // One payment, no installments: PayTR then collects exactly payment_amount (installments may add interest).
    no_installment: "1",
    max_installment: "0",
    currency: "TL",
    test_mode: config.testMode ? "1" : "0",
  };
  const name = `${order.customer.name} ${order.customer.surname}`.trim() || order.customer.id;
  return {
    merchant_id: config.merchantId,
    ...fields,
    paytr_token: tokenRequestHash(config, fields),
    user_name: name.slice(0, 60),
    user_address: NO_ADDRESS,
    user_phone: order.customer.phone.trim().slice(0, 20),
    merchant_ok_url: order.returnUrl,
    merchant_fail_url: order.returnUrl,
    debug_on: "0",
    timeout_limit: String(timeoutMinutes(order.expiresAt, now)),
    lang: config.lang ?? order.lang,
  };
}
