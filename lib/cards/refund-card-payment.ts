import { loadForStaff, transitionActor, type Staff } from "@/lib/approvals/staff-actor";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";

/** success -> refunded by staff (decisions §5): visible in the status query, no callback. */
export async function refundCardPayment(id: number, staff: Staff, reason?: string) {
  return prisma.$transaction(async (tx) => {
    const payment = await loadForStaff(tx, id, staff);
    if (payment.method !== "CREDIT_CARD") throw ApiError.plain(409, "Not a card payment", `${payment.trackingCode} is not a card payment.`);
    const { transaction } = await transitionTransaction(tx, { id, from: ["success"], to: "refunded", actor: transitionActor(staff), note: reason ? `Refunded: ${reason}` : "Refunded" });
    return transaction;
  });
}
