import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import type { TransactionStatus } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { loadForStaff, staffActor, type Staff } from "./staff-actor";
import { refusal } from "@/lib/base/messages/errors";

export type WithdrawalStep = "take" | "complete" | "reject" | "fail" | "cancel";

/** What each console step asks for; whether it is allowed for this withdrawal is the lifecycle table's call. */
const STEPS: Record<
  WithdrawalStep,
  { to: TransactionStatus; verb: "taken" | "paidOut" | "rejected" | "failed" | "canceled" }
> = {
  take: { to: "processing", verb: "taken" },
  complete: { to: "completed", verb: "paidOut" },
  reject: { to: "rejected", verb: "rejected" },
  fail: { to: "failed", verb: "failed" },
  cancel: { to: "canceled", verb: "canceled" },
};

/**
 * The manual steps of a withdrawal (shared decisions §5): take it, then mark it paid, rejected or failed;
 * or cancel it before taking it. E-IBAN withdrawals are paid by sending them through the bank
 * (sendEibanWithdrawal); third-party ones are their gateway's to decide.
 */
export async function processWithdrawal(id: number, step: WithdrawalStep, staff: Staff, reason?: string) {
  return processWithdrawalSteps(id, [step], staff, reason);
}

/** Several steps in one database transaction (the CLI's approve of a pending withdrawal takes it and pays it). */
export async function processWithdrawalSteps(id: number, steps: WithdrawalStep[], staff: Staff, reason?: string) {
  const { transaction } = await inTransaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    const results: Awaited<ReturnType<typeof transitionTransaction>>[] = [];
    for (const step of steps) {
      const { to, verb } = STEPS[step];
      const result = await transitionTransaction(tx, {
        id,
        to,
        actor: staffActor(staff),
        note: verb === "taken" ? note("taken") : note(verb, { reason }),
        data:
          to === "completed"
            ? { completedAt: new Date() }
            : to === "processing"
              ? undefined
              : { outcomeReason: reason ?? null, ...(to === "failed" ? { errorMessage: reason ?? null } : {}) },
      });
      results.push(result);
    }
    const final = results.at(-1);
    if (!final) throw DomainError.validation([refusal("giveStep")]);
    return { transaction: final.transaction, deliveryIds: results.flatMap((r) => r.deliveryIds) };
  });
  return transaction;
}
