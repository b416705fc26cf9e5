import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { approveDeposit } from "./approve-deposit";
import { processWithdrawalSteps } from "./process-withdrawal";
import { rejectDeposit } from "./reject-deposit";
import { declineSecondApproval } from "./second-approval";
import { sendEibanWithdrawal } from "./send-eiban-withdrawal";
import type { Staff } from "./staff-actor";
import { refusal } from "@/lib/base/messages/errors";

async function findByCode(code: string) {
  const transaction = await prisma.transaction.findUnique({ where: { trackingCode: code.trim() } });
  if (!transaction) throw DomainError.notFound(refusal("noTransaction", { trackingCode: code }));
  return transaction;
}

/**
 * CLI `transaction:approve CODE [--amount X] [--reason R] [--reference REF]`: completes a deposit, pays out
 * (or sends) a withdrawal. The lifecycle table refuses what staff may not decide (card payments,
 * third-party ones, E-IBAN deposits); where it asks for four eyes the deposit is only proposed, and a
 * second admin confirms it in the console.
 */
export async function approveByCode(
  code: string,
  staff: Staff,
  amount?: string,
  more: { reason?: string; reference?: string } = {},
) {
  const t = await findByCode(code);
  if (t.direction === "DEPOSIT") return approveDeposit(t.id, staff, amount, more.reason, more.reference);
  if (t.method === "EIBAN" && t.direction === "WITHDRAWAL") return sendEibanWithdrawal(t.id, staff);
  // A pending withdrawal is taken and paid in one go, so the history shows both steps of the lifecycle.
  return processWithdrawalSteps(t.id, t.status === "pending" ? ["take", "complete"] : ["complete"], staff);
}

/** CLI `transaction:decline-approval CODE --reason R`: declines the deposit's proposal awaiting a second approval. */
export async function declineApprovalByCode(code: string, staff: Staff, reason: string) {
  const t = await findByCode(code);
  const open = await prisma.secondApproval.findUnique({ where: { openFor: t.id } });
  if (!open) throw DomainError.notFound(refusal("noOpenProposal", { trackingCode: t.trackingCode }));
  return declineSecondApproval(open.id, staff, reason);
}

/** CLI `transaction:reject CODE [--reason R]`. */
export async function rejectByCode(code: string, staff: Staff, reason?: string) {
  const t = await findByCode(code);
  if (t.direction === "DEPOSIT") return rejectDeposit(t.id, staff, reason);
  return processWithdrawalSteps(t.id, t.status === "pending" ? ["take", "reject"] : ["reject"], staff, reason);
}
