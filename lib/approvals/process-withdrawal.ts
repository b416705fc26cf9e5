import { prisma } from "@/lib/db/prisma";
import type { TransactionStatus } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";
import { loadForStaff, transitionActor, type Staff } from "./staff-actor";

type Step = "take" | "complete" | "reject" | "fail";

const MOVES: Record<Step, { from: TransactionStatus[]; to: TransactionStatus; verb: string }> = {
  take: { from: ["pending"], to: "processing", verb: "Taken" },
  complete: { from: ["pending", "processing"], to: "completed", verb: "Paid out" },
  reject: { from: ["pending", "processing"], to: "rejected", verb: "Rejected" },
  fail: { from: ["processing"], to: "failed", verb: "Failed" },
};

/**
 * The manual steps of a withdrawal (decisions §5): take it, then mark it paid, rejected or failed.
 * E-IBAN withdrawals are paid by sending them through the bank (sendEibanWithdrawal), not marked paid.
 */
export async function processWithdrawal(id: number, step: Step, staff: Staff, reason?: string) {
  const { transaction, deliveryIds } = await prisma.$transaction(async (tx) => {
    const withdrawal = await loadForStaff(tx, id, staff);
    if (withdrawal.direction !== "WITHDRAWAL") throw ApiError.plain(409, "Not a withdrawal", `${withdrawal.trackingCode} is not a withdrawal.`);
    if (withdrawal.method === "EIBAN" && step === "complete") {
      throw ApiError.plain(409, "Send through the bank", "E-IBAN withdrawals are paid by sending them from the dealer's E-IBAN wallet.");
    }
    if (step !== "take" && (await tx.transfer.findFirst({ where: { transactionId: id, status: "pending" } }))) {
      throw ApiError.plain(409, "Transfer in flight", "The bank is executing this withdrawal's transfer; wait for its outcome.");
    }
    const move = MOVES[step];
    return transitionTransaction(tx, {
      id,
      from: move.from,
      to: move.to,
      actor: transitionActor(staff),
      note: reason ? `${move.verb}: ${reason}` : move.verb,
      data: step === "complete" ? { completedAt: new Date() } : step === "fail" ? { errorMessage: reason ?? null } : undefined,
    });
  });
  await announceDeliveries(deliveryIds);
  return transaction;
}
