import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dealerOwnedScope } from "@/lib/domain/access/management-scope";
import type { EibanWallet } from "@/lib/generated/prisma/client";

/** The dealer's active wallets, with their balances from our ledger. */
export type DealerEibans = { dealerName: string; wallets: EibanWallet[] };

/** GET /api/dealer/eibans. */
export async function listDealerEibans(dealer: AuthenticatedDealer): Promise<DealerEibans> {
  const wallets = await prisma.eibanWallet.findMany({
    where: { dealerId: dealer.id, isActive: true },
    orderBy: { id: "asc" },
  });
  return { dealerName: dealer.name, wallets };
}

/**
 * The wallets a console user manages (all for admins, their dealer's for staff), active or not, with the dealer's name.
 */
export function listEibanWalletsForConsole(user: ConsoleUser) {
  return prisma.eibanWallet.findMany({
    where: dealerOwnedScope(user),
    include: { dealer: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
}
