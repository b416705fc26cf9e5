import { fromCents, toCents } from "@/lib/base/money/cents";

/**
 * Fee arithmetic in whole cents (BigInt), never floating point (docs/ledger.md "Fees"). Amounts are
 * NUMERIC(18,2) decimal strings, percentages NUMERIC(7,4) ("1.5" or "1.5000" = 1.5 %). Rounding is half-up
 * to the cent, as PostgreSQL's round(numeric, 2) does for positive amounts, so the backfill's SQL and this
 * code agree on every figure.
 */

const PERCENT_SCALE = 10_000n; // four decimals of a percent

/** A signed amount in cents: lib/base/money/cents.ts reads the digits, a ledger line may be negative. */
function cents(amount: string): bigint {
  const trimmed = amount.trim();
  const negative = trimmed.startsWith("-");
  const digits = negative ? trimmed.slice(1) : trimmed;
  const value = /^\d/.test(digits) ? toCents(digits) : null;
  if (value === null) throw new Error(`not an amount with at most two decimals: ${amount}`);
  return negative ? -value : value;
}

function percentUnits(percent: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(percent.trim());
  if (!m) throw new Error(`not a percentage with at most four decimals: ${percent}`);
  return BigInt(m[1]!) * PERCENT_SCALE + BigInt((m[2] ?? "").padEnd(4, "0"));
}

/** numerator / denominator rounded half-up (both non-negative). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n)
    throw new Error("divideHalfUp takes a non-negative numerator and a positive denominator");
  return (numerator * 2n + denominator) / (denominator * 2n);
}

export type FeeRate = { percent: string; fixed: string };

/** One fee part on a gross amount: round_half_up(amount × percent / 100, 2) + fixed. */
export function feeOf(amount: string, rate: FeeRate): string {
  const gross = cents(amount);
  if (gross < 0n) throw new Error("a fee is charged on a positive amount");
  return fromCents(divideHalfUp(gross * percentUnits(rate.percent), 100n * PERCENT_SCALE) + cents(rate.fixed));
}

/**
 * What a refund reverses of one fee part of its payment: the fee in proportion to what is refunded so far
 * after it, less what the refunds before it reversed, each rounded half-up. Refunds that add up to the whole
 * payment reverse exactly its fee, to the cent.
 */
export function feeReversal(fee: string, payment: string, refundedBefore: string, refundedAfter: string): string {
  const f = cents(fee);
  const whole = cents(payment);
  const share = (refunded: bigint) => (refunded >= whole ? f : divideHalfUp(f * refunded, whole));
  return fromCents(share(cents(refundedAfter)) - share(cents(refundedBefore)));
}

/** Sum of decimal strings, exactly. */
export function sumAmounts(amounts: string[]): string {
  return fromCents(amounts.reduce((s, a) => s + cents(a), 0n));
}

/** The amount with its sign turned (a credit from a debit). */
export function negate(amount: string): string {
  return fromCents(-cents(amount));
}

export function isZero(amount: string): boolean {
  return cents(amount) === 0n;
}
