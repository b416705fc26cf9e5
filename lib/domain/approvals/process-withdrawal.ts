import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import type { TransactionStatus } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { decideOrPropose, type Decided } from "@/lib/domain/transactions/propose-transition";
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
 * (sendEibanWithdrawal); third-party ones are their gateway's to decide. Where the table asks for four eyes (money
 * out above FOUR_EYES_MONEY_OUT_ABOVE) the step is stored as a proposal a second admin confirms (outcome "proposed").
 */
export async function processWithdrawal(id: number, step: WithdrawalStep, staff: Staff, reason?: string) {
  return processWithdrawalSteps(id, [step], staff, reason);
}

/**
 * Several steps in one database transaction (the CLI's approve of a pending withdrawal takes it and pays it). Only
 * the last step may become a proposal: a step on the way that needs a second admin is refused, and nothing is done.
 */
export async function processWithdrawalSteps(
  id: number,
  steps: WithdrawalStep[],
  staff: Staff,
  reason?: string,
): Promise<Decided> {
  if (steps.length === 0) throw DomainError.validation([refusal("giveStep")]);
  return inTransaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    const deliveryIds: number[] = [];
    for (const [i, step] of steps.entries()) {
      const { to, verb } = STEPS[step];
      const transition = {
        id,
        to,
        actor: staffActor(staff),
        reason,
        note: verb === "taken" ? note("taken") : note(verb, { reason }),
        data:
          to === "completed"
            ? { completedAt: new Date() }
            : to === "processing"
              ? undefined
              : { outcomeReason: reason ?? null, ...(to === "failed" ? { errorMessage: reason ?? null } : {}) },
      };
      if (i < steps.length - 1) {
        deliveryIds.push(...(await transitionTransaction(tx, transition)).deliveryIds);
        continue;
      }
      const decided = await decideOrPropose(tx, transition);
      if (decided.outcome === "proposed") return decided;
      return { ...decided, deliveryIds: [...deliveryIds, ...decided.deliveryIds] };
    }
    throw new Error("unreachable: steps is not empty");
  });
}
