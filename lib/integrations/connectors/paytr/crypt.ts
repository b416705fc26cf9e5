import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * PayTR's signatures, all one construction: base64(HMAC-SHA256(merchant_key, fields joined with nothing,
 * merchant_salt where PayTR puts it)), over the UTF-8 bytes (PayTR's sample codes use PHP's hash_hmac with
 * raw output, base64-encoded). Field orders are PayTR's documents' sample codes:
 *  - "iFrame API 1. Adım" (get-token): merchant_id, user_ip, merchant_oid, email, payment_amount, user_basket,
 *    no_installment, max_installment, currency, test_mode, then merchant_salt;
 *  - "iFrame API 2. Adım" (the notification): merchant_oid, merchant_salt, status, total_amount;
 *  - "Durum Sorgu API": merchant_id, merchant_oid, merchant_salt;
 *  - "İade API": merchant_id, merchant_oid, return_amount, merchant_salt;
 *  - "Satış ve İade İşlem Dökümü Servisi": merchant_id, start_date, end_date, merchant_salt.
 */

export type Credentials = { merchantId: string; merchantKey: string; merchantSalt: string };

export function paytrHmac(merchantKey: string, text: string): string {
  return createHmac("sha256", merchantKey).update(text, "utf8").digest("base64");
}

export type TokenFields = {
  user_ip: string;
  merchant_oid: string;
  email: string;
  payment_amount: string;
  user_basket: string;
  no_installment: string;
  max_installment: string;
  currency: string;
  test_mode: string;
};

/** `paytr_token` of the get-token request. */
export function tokenRequestHash(c: Credentials, f: TokenFields): string {
  const text =
    c.merchantId +
    f.user_ip +
    f.merchant_oid +
    f.email +
    f.payment_amount +
    f.user_basket +
    f.no_installment +
    f.max_installment +
    f.currency +
    f.test_mode;
  return paytrHmac(c.merchantKey, text + c.merchantSalt);
}

/** The `hash` PayTR puts on its notification (status and total_amount exactly as posted). */
export function notificationHash(
  c: Pick<Credentials, "merchantKey" | "merchantSalt">,
  merchantOid: string,
  status: string,
  totalAmount: string,
): string {
  return paytrHmac(c.merchantKey, merchantOid + c.merchantSalt + status + totalAmount);
}

/** `paytr_token` of the status inquiry. */
export function statusInquiryToken(c: Credentials, merchantOid: string): string {
  return paytrHmac(c.merchantKey, c.merchantId + merchantOid + c.merchantSalt);
}

/** `paytr_token` of a refund; `returnAmount` exactly as sent ("10.25"). */
export function refundToken(c: Credentials, merchantOid: string, returnAmount: string): string {
  return paytrHmac(c.merchantKey, c.merchantId + merchantOid + returnAmount + c.merchantSalt);
}

/** `paytr_token` of the transaction report; the dates exactly as sent ("2021-01-13 00:00:00"). */
export function reportToken(c: Credentials, startDate: string, endDate: string): string {
  return paytrHmac(c.merchantKey, c.merchantId + startDate + endDate + c.merchantSalt);
}

/** Constant-time comparison of two base64 hashes (any other length is simply unequal). */
export function sameHash(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
