import { prisma } from "@/lib/base/db/prisma";
import { logger } from "@/lib/base/observability/logger";
import { walletBank } from "@/lib/domain/transfers/wallet-bank";
import { note } from "@/lib/base/messages/notes";
import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import type { EibanWallet } from "@/lib/generated/prisma/client";
import { PartnerAnswerMismatch } from "@/lib/integrations/connectors/ports";
import { bookBankLine } from "./book-bank-line";

const POLL_EVERY_MS = 60_000;
const MAX_PAGES = 10;

/**
 * The bank's statement is the source of truth; its webhook only an accelerator. For each active E-IBAN
 * wallet the poller pages through the lines after its stored cursor and books them (deduplicated on the
 * bank's reference), so a line whose notification never came is booked all the same, and once. A statement is
 * booked only when the bank signed it for our very request (protocol v2's answer signature): an unsigned one,
 * or one signed for another request, books nothing and is raised.
 */
export async function pollBankStatements(
  now = new Date(),
  everyMs = POLL_EVERY_MS,
): Promise<{ wallets: number; recorded: number }> {
  const wallets = await prisma.eibanWallet.findMany({
    where: {
      isActive: true,
      OR: [{ statementPolledAt: null }, { statementPolledAt: { lt: new Date(now.getTime() - everyMs) } }],
    },
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
        // Read with this wallet's credentials, a statement books onto this wallet only (bookBankLine).
        for (const line of lines)
          if ((await bookBankLine({ kind: "wallets", wallets: [wallet] }, line)).booked) recorded += 1;
        // The cursor is stored after its lines are booked: a crash in between books them again, harmlessly.
        if (nextCursor && nextCursor !== cursor) {
          cursor = nextCursor;
          await prisma.eibanWallet.update({ where: { id: wallet.id }, data: { statementCursor: cursor } });
        }
        if (!lines.length || !nextCursor) break;
      }
    } catch (error) {
      // A statement nobody signed for our request books nothing: raised for staff (once a day per wallet).
      if (error instanceof PartnerAnswerMismatch) await raiseUnsignedStatement(wallet, error.message, now);
      logger.warn({ wallet: wallet.walletId, err: String(error) }, "bank statement could not be read; will try again");
    }
  }
  return { wallets: wallets.length, recorded };
}

async function raiseUnsignedStatement(wallet: EibanWallet, reason: string, now: Date): Promise<void> {
  await raiseAlert(prisma, {
    kind: "partner_answer_mismatch",
    source: `bank statement of wallet ${wallet.walletId}`,
    dealerId: wallet.dealerId,
    message: note("statementUnsigned", { wallet: wallet.walletId, reason }),
    details: { wallet: wallet.walletId, field: "signature", reason },
    dedupeKey: `partner_answer_mismatch:statement:${wallet.id}:${now.toISOString().slice(0, 10)}`,
  });
}
