import { prisma } from "@/lib/base/db/prisma";
import { openSandboxAccount, sandboxBalance } from "./sandbox-accounts";

/**
 * The sandbox bank's own page and API (app/sandbox/bank) on the app's client: the sandbox keeps its books in
 * its own tables, and the pages that play the bank hold no client of their own.
 */

/** Every sandbox account, oldest first. */
export function listSandboxAccounts() {
  return prisma.sandboxBankAccount.findMany({ orderBy: { createdAt: "asc" } });
}

/** The latest 50 transfers ordered from the sandbox bank, newest first. */
export function listSandboxTransfers() {
  return prisma.sandboxBankTransfer.findMany({ orderBy: { id: "desc" }, take: 50 });
}

/**
 * Opens an account with test money unless the IBAN has one already: false when it had (that account keeps what it
 * holds).
 */
export async function openNewSandboxAccount(account: {
  iban: string;
  holder: string;
  balance: string;
}): Promise<boolean> {
  if (await prisma.sandboxBankAccount.findUnique({ where: { iban: account.iban } })) return false;
  await openSandboxAccount(prisma, account);
  return true;
}

/** An account's balance as the sandbox bank's API answers it; null when there is no such account. */
export function readSandboxBalance(iban: string): Promise<string | null> {
  return sandboxBalance(prisma, iban);
}
