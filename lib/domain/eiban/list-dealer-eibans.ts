import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { prisma } from "@/lib/base/db/prisma";
import type { EibansResponse } from "@/lib/api/schemas/responses/dealer-responses";

/** GET /api/dealer/eibans: balances from our ledger, as two-decimal strings. */
export async function listDealerEibans(dealer: AuthenticatedDealer): Promise<EibansResponse> {
  const wallets = await prisma.eibanWallet.findMany({ where: { dealerId: dealer.id, isActive: true }, orderBy: { id: "asc" } });
  return {
    success: true,
    dealer_name: dealer.name,
    total_eibans: wallets.length,
    eibans: wallets.map((w) => ({
      id: w.id,
      iban_no: w.iban,
      bank_name: w.bankName,
      account_name: w.accountName,
      wallet_id: w.walletId,
      balance: w.balance.toFixed(2),
      available_balance: w.availableBalance.toFixed(2),
    })),
  };
}
