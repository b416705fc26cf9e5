import { prisma } from "@/lib/base/db/prisma";
import { logger } from "@/lib/base/observability/logger";
import type { BankLine } from "@/lib/integrations/connectors/ports";
import { settleTransfer } from "@/lib/domain/transfers/settle-transfer";
import { recordIncomingPayment } from "./record-incoming-payment";
import { walletBank } from "@/lib/domain/transfers/wallet-bank";

const POLL_EVERY_MS = 60_000;
const MAX_PAGES = 10;

/**
 * One statement line, booked as the bank's notification would have booked it: a payment received is
 * recorded once per bank reference (recordIncomingPayment), an outgoing line that carries our clientRef
 * settles that transfer (settleTransfer; a settled one is not settled twice). Returns whether it was new.
 */
export async function bookBankLine(walletIban: string, line: BankLine): Promise<boolean> {
  const occurredAt = new Date(line.occurredAt);
  if (line.direction === "incoming") {
    const status = await recordIncomingPayment({ reference: line.reference, iban: line.accountIban ?? walletIban, amount: line.amount, senderName: line.counterpartyName, senderIban: line.counterpartyIban, description: line.description, occurredAt });
    return status === "recorded";
  }
  if (!line.clientRef) return false; // an outgoing payment we did not order: nothing of ours to settle
  const before = await prisma.transfer.findUnique({ where: { transferId: line.clientRef }, select: { status: true } });
  if (!before || before.status !== "pending") return false;
  await settleTransfer({ transferId: line.clientRef, reference: line.reference, completed: line.status !== "failed", reason: line.reason ?? undefined, occurredAt });
  return true;
}

/**
 * The bank's statement is the source of truth; its webhook only an accelerator. For each active E-IBAN
 * wallet the poller pages through the lines after its stored cursor and books them (deduplicated on the
 * bank's reference), so a line whose notification never came is booked all the same, and once.
 */
export async function pollBankStatements(now = new Date(), everyMs = POLL_EVERY_MS): Promise<{ wallets: number; recorded: number }> {
  const wallets = await prisma.eibanWallet.findMany({
    where: { isActive: true, OR: [{ statementPolledAt: null }, { statementPolledAt: { lt: new Date(now.getTime() - everyMs) } }] },
    orderBy: [{ statementPolledAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: 50,
  });
  let recorded = 0;
  for (const wallet of wallets) {
    await prisma.eibanWallet.update({ where: { id: wallet.id }, data: { statementPolledAt: now } });
    let cursor = wallet.statementCursor;
    try {
      const { connector, config } = walletBank(wallet);
      for (let page = 0; page < MAX_PAGES; page++) {
        const { lines, nextCursor } = await connector.listTransactions(config, wallet.iban, cursor);
        for (const line of lines) if (await bookBankLine(wallet.iban, line)) recorded += 1;
        // The cursor is stored after its lines are booked: a crash in between books them again, harmlessly.
        if (nextCursor && nextCursor !== cursor) {
          cursor = nextCursor;
          await prisma.eibanWallet.update({ where: { id: wallet.id }, data: { statementCursor: cursor } });
        }
        if (!lines.length || !nextCursor) break;
      }
    } catch (error) {
      logger.warn({ wallet: wallet.walletId, err: String(error) }, "bank statement could not be read; will try again");
    }
  }
  return { wallets: wallets.length, recorded };
}
