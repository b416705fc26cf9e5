import { compareDecimal } from "@/lib/schemas/common";
import { ApiError } from "@/lib/http/api-error";

/**
 * The account's maximum per transaction (console: "Maximum per transaction", default 1,000,000.00), checked
 * on every create after its body is valid. `input.amount` is the validated decimal string.
 */
export function checkAmountLimit(input: unknown, maxTransactionAmount: string): void {
  const amount = (input as { amount?: unknown } | null)?.amount;
  if (typeof amount !== "string") return;
  if (compareDecimal(amount, maxTransactionAmount) > 0) {
    throw ApiError.validation([`amount must be at most ${maxTransactionAmount}, this account's maximum per transaction`]);
  }
}
