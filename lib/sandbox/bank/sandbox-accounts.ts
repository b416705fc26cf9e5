import type { Db } from "@/lib/db/prisma";

/** Opens (or keeps) the sandbox bank account behind an E-IBAN wallet, with its opening balance. */
export async function openSandboxAccount(db: Db, account: { iban: string; holder: string; balance: string }): Promise<void> {
  await db.sandboxBankAccount.upsert({ where: { iban: account.iban }, create: account, update: {} });
}

export async function sandboxBalance(db: Db, iban: string): Promise<string | null> {
  const account = await db.sandboxBankAccount.findUnique({ where: { iban } });
  return account ? account.balance.toFixed(2) : null;
}
