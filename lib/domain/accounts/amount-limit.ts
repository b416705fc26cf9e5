import { DomainError } from "@/lib/base/errors/domain-error";
import { compareDecimal } from "@/lib/base/money/compare-decimal";

/** The refusal of an amount above an account's maximum per transaction, or null when it is within it. */
export function amountOverLimit(amount: string, maxTransactionAmount: string): string | null {
  return compareDecimal(amount, maxTransactionAmount) > 0 ? `amount must be at most ${maxTransactionAmount}, this account's maximum per transaction` : null;
}

/**
 * The account's maximum per transaction (console: "Maximum per transaction", default 1,000,000.00), checked
 * on every create after its body is valid. `input.amount` is the validated decimal string.
 */
export function checkAmountLimit(input: unknown, maxTransactionAmount: string): void {
  const amount = (input as { amount?: unknown } | null)?.amount;
  const refusal = typeof amount === "string" ? amountOverLimit(amount, maxTransactionAmount) : null;
  if (refusal) throw DomainError.validation([refusal]);
}
