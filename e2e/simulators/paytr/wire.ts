import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * PayTR's wire as the simulator speaks it, written from PayTR's documents (not from the connector): every
 * signature is base64(HMAC-SHA256(merchant_key, concatenated fields)) with merchant_salt where each document's
 * sample code puts it ("iFrame API 1. Adım", "iFrame API 2. Adım", "Durum Sorgu API", "İade API", "Satış ve İade
 * İşlem Dökümü Servisi").
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

/** The transaction report's paytr_token: merchant_id + start_date + end_date + salt. */
export const reportSignature = (m: Merchant, start: string, end: string) =>
  sign(m.merchantKey, m.merchantId + start + end + m.merchantSalt);

/** "24990" (kuruş) as the transaction report's document writes amounts ("10.00", "9.76"). */
export const reportAmount = (kurus: number) => `${Math.floor(kurus / 100)}.${String(kurus % 100).padStart(2, "0")}`;

/** A decimal amount ("25.50") in kuruş, or NaN: what a test hands the simulator's controls. */
export function kurusOfAmount(amount: string): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : NaN;
}

/** Türkiye keeps UTC+3 all year: a "YYYY-MM-DD hh:mm:ss" of PayTR's as an instant, or null. */
export function turkishInstant(text: string | undefined): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const at = Date.parse(`${m[1]}T${m[2]}+03:00`);
  return Number.isNaN(at) || new Date(at + 3 * 3_600_000).toISOString().slice(0, 19) !== `${m[1]}T${m[2]}` ? null : at;
}

/** An instant as the report's islem_tarihi: the Turkish day, "13.01.2021". */
export function reportDate(at: Date): string {
  const [y, mo, d] = new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10).split("-");
  return `${d}.${mo}.${y}`;
}

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
