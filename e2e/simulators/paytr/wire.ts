import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * PayTR's wire as the simulator speaks it, written from PayTR's documents (not from the connector): every
 * signature is base64(HMAC-SHA256(merchant_key, concatenated fields)) with merchant_salt where each document's
 * sample code puts it ("iFrame API 1. Adım", "iFrame API 2. Adım", "Durum Sorgu API", "İade API").
 */

export type Merchant = { merchantId: string; merchantKey: string; merchantSalt: string };

export const sign = (key: string, text: string) => createHmac("sha256", key).update(text, "utf8").digest("base64");

export function sameSignature(expected: string, given: string | undefined): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? "");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** get-token: merchant_id user_ip merchant_oid email payment_amount user_basket no_installment max_installment currency test_mode + salt. */
export function tokenSignature(m: Merchant, f: Record<string, string>): string {
  const fields = [
    "user_ip",
    "merchant_oid",
    "email",
    "payment_amount",
    "user_basket",
    "no_installment",
    "max_installment",
    "currency",
    "test_mode",
  ];
  return sign(m.merchantKey, m.merchantId + fields.map((k) => f[k] ?? "").join("") + m.merchantSalt);
}

/** The notification's hash: merchant_oid + salt + status + total_amount. Exported so tests can forge or re-sign one. */
export function notificationSignature(
  m: Pick<Merchant, "merchantKey" | "merchantSalt">,
  oid: string,
  status: string,
  totalAmount: string,
): string {
  return sign(m.merchantKey, oid + m.merchantSalt + status + totalAmount);
}

export const statusSignature = (m: Merchant, oid: string) => sign(m.merchantKey, m.merchantId + oid + m.merchantSalt);
export const refundSignature = (m: Merchant, oid: string, amount: string) =>
  sign(m.merchantKey, m.merchantId + oid + amount + m.merchantSalt);

/** "24990" (kuruş) as the status inquiry's document writes amounts: a decimal comma, trailing zeros dropped ("249,9"). */
export function inquiryAmount(kurus: number): string {
  const whole = Math.floor(kurus / 100);
  const cents = String(kurus % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return cents ? `${whole},${cents}` : String(whole);
}

export async function readBody(req: import("node:http").IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
