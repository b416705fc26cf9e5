import { DomainError } from "@/lib/base/errors/domain-error";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { refusal, type ErrorMessage } from "@/lib/base/messages/errors";

/** The refusal of an amount above an account's maximum per transaction, or null when it is within it. */
export function amountOverLimit(amount: string, maxTransactionAmount: string): ErrorMessage | null {
  return compareDecimal(amount, maxTransactionAmount) > 0
    ? refusal("overAccountMax", { max: maxTransactionAmount })
    : null;
}

/**
 * The account's maximum per transaction (console: "Maximum per transaction", default 1,000,000.00), checked
 * on every create after its body is valid. `input.amount` is the validated decimal string.
 */
export function checkAmountLimit(input: unknown, maxTransactionAmount: string): void {
  const amount = (input as { amount?: unknown } | null)?.amount;
  const over = typeof amount === "string" ? amountOverLimit(amount, maxTransactionAmount) : null;
  if (over) throw DomainError.validation([over]);
}
