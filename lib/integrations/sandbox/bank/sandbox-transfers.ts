import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { notifyService } from "./notify-service";
import { config } from "@/lib/base/config/env";

type TransferInput = {
  clientRef: string;
  fromIban: string;
  toIban: string;
  recipientName: string;
  amount: string;
  description: string;
  notifyUrl: string;
};

/**
 * Accepts a transfer order (idempotent on the client's reference) and settles it a moment later, as a
 * real bank's clearing would. SANDBOX_BANK_SETTLE_MS=0 leaves transfers for the sandbox page's buttons.
 */
export async function acceptSandboxTransfer(input: TransferInput): Promise<{ reference: string }> {
  const existing = await prisma.sandboxBankTransfer.findUnique({ where: { clientRef: input.clientRef } });
  if (existing) return { reference: existing.reference };
  const transfer = await prisma.sandboxBankTransfer.create({
    data: { ...input, reference: `SBX-${randomCodeGroup(12)}` },
  });
  const settleMs = config().SANDBOX_BANK_SETTLE_MS ?? 1500;
  if (settleMs > 0)
    setTimeout(() => void settleSandboxTransfer(transfer.reference).catch(() => {}), settleMs).unref?.();
  return { reference: transfer.reference };
}

/**
 * Completes or fails a pending transfer. It fails when asked to, when the recipient's name contains
 * "REJECT" (a closed account), or when the source account's balance is too low.
 */
export async function settleSandboxTransfer(reference: string, decision: "auto" | "complete" | "fail" = "auto") {
  const outcome = await inTransaction(async (tx) => {
    const transfer = await tx.sandboxBankTransfer.findUnique({ where: { reference } });
    if (!transfer || transfer.status !== "pending") return null;
    const source = await tx.sandboxBankAccount.findUnique({ where: { iban: transfer.fromIban } });
    const reason =
      decision === "fail"
        ? "Declined by the bank"
        : decision === "auto" && /reject/i.test(transfer.recipientName)
          ? "Recipient account is closed"
          : !source || source.balance.lessThan(transfer.amount)
            ? "Insufficient funds at the bank"
            : null;
    const { count } = await tx.sandboxBankTransfer.updateMany({
      where: { reference, status: "pending" },
      data: { status: reason ? "failed" : "completed", failureReason: reason, processedAt: new Date() },
    });
    if (count === 0) return null;
    if (!reason) {
      await tx.sandboxBankAccount.update({
        where: { iban: transfer.fromIban },
        data: { balance: { decrement: transfer.amount } },
      });
      await tx.sandboxBankLine.create({
        data: {
          reference,
          accountIban: transfer.fromIban,
          direction: "outgoing",
          amount: transfer.amount,
          counterpartyName: transfer.recipientName,
          counterpartyIban: transfer.toIban,
          description: transfer.description,
        },
      });
    }
    return { transfer, reason };
  });
  if (!outcome) return null;
  await notifyService(
    {
      type: outcome.reason ? "transfer.failed" : "transfer.completed",
      clientRef: outcome.transfer.clientRef,
      reference,
      reason: outcome.reason ?? undefined,
      occurredAt: new Date().toISOString(),
    },
    outcome.transfer.notifyUrl,
  );
  return outcome.reason ? "failed" : "completed";
}
