import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { compareDecimal } from "@/lib/schemas/common";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";
import { loadForStaff, transitionActor, type Staff } from "./staff-actor";

/** Confirms a deposit with the amount actually received (the callback carries it). */
export async function approveDeposit(id: number, staff: Staff, finalAmount?: string) {
  const { transaction, deliveryIds } = await prisma.$transaction(async (tx) => {
    const deposit = await loadForStaff(tx, id, staff);
    if (deposit.direction !== "DEPOSIT") throw ApiError.plain(409, "Not a deposit", `${deposit.trackingCode} is not a deposit.`);
    const amount = finalAmount ?? deposit.amount.toFixed(2);
    if (compareDecimal(amount, "0.01") < 0) throw ApiError.validation(["the received amount must be positive"]);
    return transitionTransaction(tx, {
      id,
      from: ["showing", "pending"],
      to: "completed",
      actor: transitionActor(staff),
      note: amount === deposit.amount.toFixed(2) ? "Approved" : `Approved with the received amount ${amount} (requested ${deposit.amount.toFixed(2)})`,
      data: { finalAmount: amount, completedAt: new Date() },
    });
  });
  await announceDeliveries(deliveryIds);
  return transaction;
}
