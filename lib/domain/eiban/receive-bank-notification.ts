import { prisma } from "@/lib/base/db/prisma";
import { logger } from "@/lib/base/observability/logger";
import type { IncomingMessage, PartnerAck, VerifiedBankMessage } from "@/lib/integrations/connectors/ports";
import { claimPartnerNonce } from "@/lib/domain/idempotency/partner-nonces";
import { sandboxBankConnection, walletBank } from "@/lib/domain/transfers/wallet-bank";
import { bookBankLine, type BankSigner, type LineStatus } from "./book-bank-line";

export type BankNotificationResult =
  | { verified: true; status: LineStatus; booked: number; ack: PartnerAck }
  | { verified: false; reason: string; ack?: PartnerAck };

/**
 * A bank notification at /api/webhooks/bank. The URL names no wallet (every wallet's bank is given the same
 * notify URL), so each active wallet with a connector tries its own configuration; the wallets whose secret
 * verifies it (usually one; several when they share their bank's secret) are all it may book onto. When no
 * wallet's secret verifies it, the sandbox bank's shared secret is tried, where the sandbox runs: it may book
 * onto wallets without a connector only. A version 2 message's nonce is remembered (per signer) before
 * anything is booked, so a replay is refused; the lines are then booked as the poller books them
 * (bookBankLine: a line naming another wallet's account or transfer is refused and raised).
 */
export async function receiveBankNotification(message: IncomingMessage): Promise<BankNotificationResult> {
  const wallets = await prisma.eibanWallet.findMany({
    where: { isActive: true, connector: { not: null } },
    orderBy: { id: "asc" },
  });
  let refused: BankNotificationResult = { verified: false, reason: "no wallet's connector verified it" };
  const signers: typeof wallets = [];
  let verified: VerifiedBankMessage | null = null;
  for (const wallet of wallets) {
    let bank;
    try {
      bank = walletBank(wallet);
    } catch (error) {
      logger.warn(
        { wallet: wallet.walletId, err: String(error) },
        "wallet's bank connector is not usable; skipped for this notification",
      );
      continue;
    }
    const check = await bank.connector.verifyNotification(bank.config, message);
    if (check.ok) {
      signers.push(wallet);
      verified ??= check;
    } else if (refused.ack?.status !== 422) {
      // A matching signature over a malformed body says so over other wallets' plain refusals.
      refused = { verified: false, reason: check.reason, ack: check.ack };
    }
  }
  if (verified) return book({ kind: "wallets", wallets: signers }, `bank-wallet:${signers[0]!.id}`, verified);
  const sandbox = sandboxBankConnection();
  if (sandbox) {
    const check = await sandbox.connector.verifyNotification(sandbox.config, message);
    if (check.ok) return book({ kind: "sandbox" }, "sandbox-bank", check);
    if (refused.ack?.status !== 422 && check.ack.status === 422)
      refused = { verified: false, reason: check.reason, ack: check.ack };
  }
  return refused;
}

async function book(signer: BankSigner, scope: string, message: VerifiedBankMessage): Promise<BankNotificationResult> {
  if (message.nonce && !(await claimPartnerNonce(scope, message.nonce)))
    return { verified: false, reason: "replayed: this nonce was seen before" };
  let booked = 0;
  let status: LineStatus = "duplicate";
  for (const line of message.lines) {
    const result = await bookBankLine(signer, line);
    status = result.status;
    if (result.booked) booked += 1;
  }
  return { verified: true, status, booked, ack: message.ack };
}
