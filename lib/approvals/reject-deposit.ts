import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";
import { loadForStaff, transitionActor, type Staff } from "./staff-actor";

/** Rejects a deposit whose money did not arrive (decisions §5: canceled). */
export async function rejectDeposit(id: number, staff: Staff, reason?: string) {
  const { transaction, deliveryIds } = await prisma.$transaction(async (tx) => {
    const deposit = await loadForStaff(tx, id, staff);
    if (deposit.direction !== "DEPOSIT") throw ApiError.plain(409, "Not a deposit", `${deposit.trackingCode} is not a deposit.`);
    return transitionTransaction(tx, { id, from: ["showing", "pending"], to: "canceled", actor: transitionActor(staff), note: reason ? `Rejected: ${reason}` : "Rejected" });
  });
  await announceDeliveries(deliveryIds);
  return transaction;
}
