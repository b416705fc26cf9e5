import { bankOfWallet } from "@/lib/domain/transfers/wallet-bank";
import { prisma } from "@/lib/base/db/prisma";

export type Reconciliation = {
  walletId: string;
  ledger: string;
  bank: string | null;
  matches: boolean;
  error?: string;
};

/**
 * Compares each wallet's ledger balance with the bank's figure and stores the bank's view; a difference
 * is flagged in the console (transfers in flight settle within seconds, so a lasting one needs a look).
 */
export async function reconcileWallets(dealerId?: number): Promise<Reconciliation[]> {
  const wallets = await prisma.eibanWallet.findMany({ where: { isActive: true, dealerId }, orderBy: { id: "asc" } });
  const results: Reconciliation[] = [];
  for (const wallet of wallets) {
    try {
      const bank = await bankOfWallet(wallet).balance(wallet.iban);
      await prisma.eibanWallet.update({
        where: { id: wallet.id },
        data: { bankBalance: bank, reconciledAt: new Date() },
      });
      results.push({
        walletId: wallet.walletId,
        ledger: wallet.balance.toFixed(2),
        bank,
        matches: wallet.balance.equals(bank),
      });
    } catch (error) {
      results.push({
        walletId: wallet.walletId,
        ledger: wallet.balance.toFixed(2),
        bank: null,
        matches: false,
        error: String(error),
      });
    }
  }
  return results;
}
