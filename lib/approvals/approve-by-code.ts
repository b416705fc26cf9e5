import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { approveDeposit } from "./approve-deposit";
import { processWithdrawal } from "./process-withdrawal";
import { rejectDeposit } from "./reject-deposit";
import { sendEibanWithdrawal } from "./send-eiban-withdrawal";
import type { Staff } from "./staff-actor";

async function findByCode(code: string) {
  const transaction = await prisma.transaction.findUnique({ where: { trackingCode: code.trim() } });
  if (!transaction) throw ApiError.plain(404, "Not found", `No transaction ${code}.`);
  return transaction;
}

/** CLI `transaction:approve CODE [--amount X]`: completes a deposit, pays out (or sends) a withdrawal. */
export async function approveByCode(code: string, staff: Staff, amount?: string) {
  const t = await findByCode(code);
  if (t.direction === "DEPOSIT") return approveDeposit(t.id, staff, amount);
  if (t.direction === "WITHDRAWAL") {
    if (t.method === "EIBAN") return sendEibanWithdrawal(t.id, staff);
    return processWithdrawal(t.id, "complete", staff);
  }
  throw ApiError.plain(409, "Not approvable", `${code} is a card payment; card payments are settled by the acquirer.`);
}

/** CLI `transaction:reject CODE [--reason R]`. */
export async function rejectByCode(code: string, staff: Staff, reason?: string) {
  const t = await findByCode(code);
  if (t.direction === "DEPOSIT") return rejectDeposit(t.id, staff, reason);
  if (t.direction === "WITHDRAWAL") return processWithdrawal(t.id, "reject", staff, reason);
  throw ApiError.plain(409, "Not rejectable", `${code} is a card payment.`);
}
