import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { approveDeposit } from "./approve-deposit";
import { processWithdrawalSteps } from "./process-withdrawal";
import { rejectDeposit } from "./reject-deposit";
import { sendEibanWithdrawal } from "./send-eiban-withdrawal";
import type { Staff } from "./staff-actor";

async function findByCode(code: string) {
  const transaction = await prisma.transaction.findUnique({ where: { trackingCode: code.trim() } });
  if (!transaction) throw DomainError.notFound(`No transaction ${code}.`);
  return transaction;
}

/**
 * CLI `transaction:approve CODE [--amount X]`: completes a deposit, pays out (or sends) a withdrawal. The
 * lifecycle table refuses what staff may not decide (card payments, third-party ones, E-IBAN deposits).
 */
export async function approveByCode(code: string, staff: Staff, amount?: string) {
  const t = await findByCode(code);
  if (t.direction === "DEPOSIT") return approveDeposit(t.id, staff, amount);
  if (t.method === "EIBAN" && t.direction === "WITHDRAWAL") return sendEibanWithdrawal(t.id, staff);
  // A pending withdrawal is taken and paid in one go, so the history shows both steps of the lifecycle.
  return processWithdrawalSteps(t.id, t.status === "pending" ? ["take", "complete"] : ["complete"], staff);
}

/** CLI `transaction:reject CODE [--reason R]`. */
export async function rejectByCode(code: string, staff: Staff, reason?: string) {
  const t = await findByCode(code);
  if (t.direction === "DEPOSIT") return rejectDeposit(t.id, staff, reason);
  return processWithdrawalSteps(t.id, t.status === "pending" ? ["take", "reject"] : ["reject"], staff, reason);
}
