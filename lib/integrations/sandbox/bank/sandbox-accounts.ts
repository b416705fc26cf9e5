import type { EibanBank } from "@/lib/integrations/bank/eiban-bank-port";
import type { Db } from "@/lib/base/db/prisma";
import { prisma } from "@/lib/base/db/prisma";

/**
 * Opens a sandbox bank account with test money (the sandbox's own books), as a test bank's back office
 * would; an existing account keeps what it holds. A wallet registered for it then reads its balance there.
 */
export async function openSandboxAccount(
  db: Db,
  account: { iban: string; holder: string; balance: string },
): Promise<void> {
  await db.sandboxBankAccount.upsert({ where: { iban: account.iban }, create: account, update: {} });
}

export async function sandboxBalance(db: Db, iban: string): Promise<string | null> {
  const account = await db.sandboxBankAccount.findUnique({ where: { iban } });
  return account ? account.balance.toFixed(2) : null;
}

/**
 * The sandbox bank's books read directly, for the CLI and the demo seed, which may run while no server
 * (and so no sandbox bank over HTTP) is up. The figure is the one the sandbox bank's API answers.
 */
export const sandboxBooks: Pick<EibanBank, "balance"> = {
  balance: async (iban) => {
    const balance = await sandboxBalance(prisma, iban);
    if (balance === null) throw new Error(`sandbox bank answered 404: no account ${iban}`);
    return balance;
  },
};
