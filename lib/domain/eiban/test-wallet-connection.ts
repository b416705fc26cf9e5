import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { walletBank } from "@/lib/domain/transfers/wallet-bank";
import type { ConnectionCheck } from "@/lib/integrations/connectors/ports";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Asks a wallet's bank connector whether it can reach the bank with the stored configuration, as the CLI's
 * connection test does. Dealer staff may only test their own dealer's wallets (actor.dealerId); another
 * dealer's wallet is as unknown as a missing one.
 */
export async function testWalletConnection(id: number, actor: Staff): Promise<ConnectionCheck> {
  const wallet = await prisma.eibanWallet.findUnique({
    where: { id },
    select: { iban: true, dealerId: true, connector: true, connectorConfig: true },
  });
  if (!wallet || (actor.dealerId != null && actor.dealerId !== wallet.dealerId))
    throw DomainError.notFound(refusal("unknownWallet"));
  const { connector, config } = walletBank(wallet);
  try {
    return await connector.testConnection(config);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
