/**
 * Amounts between our decimal strings ("1250.70") and iyzico's wire. The official client passes every price
 * through parseFloat before sending ("1250.70" -> "1250.7", "100.00" -> "100.0"), and iyzico answers prices as
 * JSON numbers. Both are exact only while a price has at most 15 significant digits (what a double holds), so
 * larger amounts are refused before any call rather than rounded.
 */

const OUR_AMOUNT = /^(\d{1,13})\.(\d{2})$/;

/** True for an amount the wire carries exactly: two decimals, at most 13 integer digits. */
export function isWireSafeAmount(amount: string): boolean {
  return OUR_AMOUNT.test(amount);
}

/** Our "1250.70" as iyzico writes it: trailing zeros dropped, at least one decimal ("1250.7", "100.0"). */
export function toIyzicoPrice(amount: string): string {
  const match = OUR_AMOUNT.exec(amount);
  if (!match)
    throw new RangeError(`Amount ${JSON.stringify(amount)} is not a two-decimal amount iyzico can carry exactly`);
  const whole = String(BigInt(match[1] ?? "0"));
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return `${whole}.${fraction || "0"}`;
}

/**
 * A price from an iyzico answer (a JSON number like 1250.7, or a string) as our two-decimal string, or null
 * when it is not a plain non-negative amount with at most two decimals.
 */
export function fromIyzicoPrice(value: unknown): string | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === "string") text = value.trim();
  else return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!match) return null;
  return `${String(BigInt(match[1] ?? "0"))}.${(match[2] ?? "").padEnd(2, "0")}`;
}
