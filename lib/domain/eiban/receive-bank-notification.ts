import { prisma } from "@/lib/base/db/prisma";
import { logger } from "@/lib/base/observability/logger";
import type { IncomingMessage, PartnerAck } from "@/lib/integrations/connectors/ports";
import { walletBank } from "@/lib/domain/transfers/wallet-bank";
import { bookBankLine } from "./poll-bank-statements";

export type BankNotificationResult = { verified: true; booked: number; ack: PartnerAck } | { verified: false; reason: string; ack?: PartnerAck };

/**
 * A bank notification at /api/webhooks/bank, verified through the connector of the wallet it comes from.
 * The URL names no wallet (every wallet's bank is given the same notify URL), so each active wallet with a
 * connector tries its own configuration: only the one whose secret signed it verifies. Its lines are booked
 * exactly as the statement poller books them (deduplicated on the bank's reference). `none` when no wallet
 * has a connector: the caller falls back to the sandbox bank's shared secret.
 */
export async function receiveBankNotification(message: IncomingMessage): Promise<BankNotificationResult | "none"> {
  const wallets = await prisma.eibanWallet.findMany({ where: { isActive: true, connector: { not: null } }, orderBy: { id: "asc" } });
  if (!wallets.length) return "none";
  let refused: BankNotificationResult = { verified: false, reason: "no wallet's connector verified it" };
  for (const wallet of wallets) {
    let bank;
    try {
      bank = walletBank(wallet);
    } catch (error) {
      logger.warn({ wallet: wallet.walletId, err: String(error) }, "wallet's bank connector is not usable; skipped for this notification");
      continue;
    }
    const verified = await bank.connector.verifyNotification(bank.config, message);
    if (!verified.ok) {
      // A matching signature over a malformed body says so over other wallets' plain refusals.
      if (refused.ack?.status !== 422) refused = { verified: false, reason: verified.reason, ack: verified.ack };
      continue;
    }
    let booked = 0;
    for (const line of verified.lines) if (await bookBankLine(wallet.iban, line)) booked += 1;
    return { verified: true, booked, ack: verified.ack };
  }
  return refused;
}
