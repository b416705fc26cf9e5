import { toCents } from "@/lib/base/money/cents";

/**
 * Whether a customer's new amount is more than twice, or less than half, the amount asked for: a typing slip
 * ("12,345" read as 12.345,00) that size must be confirmed with both amounts on screen before it is saved.
 */
export function isLargeAmountChange(from: string, to: string): boolean {
  const [a, b] = [toCents(from), toCents(to)];
  if (a === null || b === null || a === 0n) return false;
  return b > a * 2n || b * 2n < a;
}
