import { prisma, type Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { TRANSFER_LIFECYCLE } from "@/lib/domain/payment-methods/transfers";
import { secondPersonOfProposer } from "@/lib/domain/transactions/four-eyes";
import { secondPersonProblem } from "@/lib/domain/transactions/four-eyes-eligibility";
import type { Transfer } from "@/lib/generated/prisma/client";
import { submitTransfer } from "./submit-transfer";

/**
 * Four eyes on a dealer's send-money transfer above FOUR_EYES_MONEY_OUT_ABOVE (docs/decisions.md, issue 54). The
 * dealer's request is a machine's, so two people stand behind it here: one admin approves it (the proposal), an
 * admin other than that one, eligible as every four-eyes second person is, confirms it, and only then does it go to
 * the bank. Until then it is `pending` to the dealer, its amount reserved on the wallet. Any admin may decline it:
 * `cancelled`, the reservation returned. Dealer staff see it, never decide it.
 */

const adminOnly = (staff: Staff) => {
  if (staff.dealerId != null || staff.viaCli) throw DomainError.forbidden("Admins only", refusal("transferAdminsOnly"));
};

/** The held transfer, locked, or a refusal saying why it is not one. */
async function lockHeld(tx: Db, transferId: string): Promise<Transfer> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM transfers WHERE transfer_id = ${transferId} FOR UPDATE`;
  if (!row) throw DomainError.notFound(refusal("transferMissing", { transferId }));
  const transfer = await tx.transfer.findUniqueOrThrow({ where: { id: row.id } });
  if (!transfer.awaitingApproval || transfer.status !== "pending")
    throw DomainError.conflict("Not awaiting approval", refusal("transferNotHeld", { transferId }));
  return transfer;
}

/** The first admin approves: recorded as the proposal; nothing is sent yet. */
export async function approveHeldTransfer(transferId: string, staff: Staff): Promise<void> {
  adminOnly(staff);
  await inTransaction(async (tx) => {
    const transfer = await lockHeld(tx, transferId);
    if (transfer.approvalProposedBy)
      throw DomainError.conflict(
        "Already approved once",
        refusal("transferProposed", { transferId, proposer: transfer.approvalProposedBy }),
      );
    await tx.transfer.update({
      where: { id: transfer.id },
      data: {
        approvalProposedBy: staff.label,
        approvalProposedByUserId: staff.userId ?? null,
        approvalProposedAt: new Date(),
      },
    });
    await recordAudit(tx, staff, {
      action: "transfer.second_approval_requested",
      entityType: "transfer",
      entityId: transfer.id,
      after: { transferId, amount: transfer.amount.toFixed(2) },
    });
  });
}

/** The second admin confirms: the transfer goes to the bank now (or is queued for it, as every transfer is). */
export async function confirmHeldTransfer(transferId: string, staff: Staff): Promise<string | null> {
  adminOnly(staff);
  const transfer = await inTransaction(async (tx) => {
    const transfer = await lockHeld(tx, transferId);
    if (!transfer.approvalProposedBy || !transfer.approvalProposedAt)
      throw DomainError.conflict("Not approved yet", refusal("transferNotProposed", { transferId }));
    const proposal = {
      proposedBy: transfer.approvalProposedBy,
      proposedByUserId: transfer.approvalProposedByUserId,
      proposedViaCli: false,
      createdAt: transfer.approvalProposedAt,
    };
    const why = secondPersonOfProposer(staff, proposal) ?? (await secondPersonProblem(tx, staff, proposal));
    if (why) throw DomainError.conflict("Second admin needed", refusal("transferSecondPerson", { transferId, why }));
    const released = await tx.transfer.update({ where: { id: transfer.id }, data: { awaitingApproval: false } });
    await recordAudit(tx, staff, {
      action: "transfer.second_approval_confirmed",
      entityType: "transfer",
      entityId: transfer.id,
      after: { transferId, amount: transfer.amount.toFixed(2), proposedBy: transfer.approvalProposedBy },
    });
    return released;
  });
  return submitTransfer(transfer);
}

/** Any admin declines: cancelled, the reserved amount back on the wallet; the bank never saw it. */
export async function declineHeldTransfer(transferId: string, staff: Staff, reason: string): Promise<void> {
  adminOnly(staff);
  const rule = TRANSFER_LIFECYCLE.transitions.find((r) => r.to === "cancelled" && "guard" in r && r.guard === "held");
  if (!rule) throw new Error("the transfer lifecycle has no admin decline of a held transfer");
  await inTransaction(async (tx) => {
    const transfer = await lockHeld(tx, transferId);
    await tx.transfer.update({
      where: { id: transfer.id },
      data: { status: "cancelled", awaitingApproval: false, failureReason: reason },
    });
    await tx.eibanWallet.update({
      where: { id: transfer.walletId },
      data: { availableBalance: { increment: transfer.amount } },
    });
    await recordAudit(tx, staff, {
      action: "transfer.second_approval_declined",
      entityType: "transfer",
      entityId: transfer.id,
      before: { transferId, amount: transfer.amount.toFixed(2), proposedBy: transfer.approvalProposedBy },
      after: { status: "cancelled", reason },
    });
  });
}

/** The held transfers the user may see, oldest first. */
export function listHeldTransfers(staff: { dealerId?: number | null }) {
  return prisma.transfer.findMany({
    where: {
      awaitingApproval: true,
      status: "pending",
      ...(staff.dealerId != null ? { dealerId: staff.dealerId } : {}),
    },
    orderBy: { createdAt: "asc" },
    take: 100,
    include: { dealer: { select: { name: true } }, wallet: { select: { walletId: true, iban: true } } },
  });
}
