import { previousSecretGraceEnd } from "@/lib/domain/accounts/account-secrets";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dealerScope } from "@/lib/domain/access/management-scope";
import { maskSecret } from "@/lib/domain/access/mask-secret";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";

/**
 * A dealer as the console shows it, or null when missing or outside the user's tenancy; admins get a masked secret
 * hint.
 */
export async function findConsoleDealer(user: ConsoleUser, id: number) {
  const row = await prisma.dealer.findFirst({
    where: { AND: [dealerScope(user), { id }] },
    include: { _count: { select: { sites: true, bankAccounts: true, eibanWallets: true } } },
  });
  if (!row) return null;
  const { secretKeyEnc, previousSecretKeyEnc, previousSecretValidTo, ...settings } = row;
  return {
    ...settings,
    secretHint: user.role === "ADMIN" ? maskSecret(decryptSecret(secretKeyEnc)) : null,
    previousSecretValidUntil: previousSecretGraceEnd({ previousSecretKeyEnc, previousSecretValidTo }),
  };
}

export type ConsoleDealer = NonNullable<Awaited<ReturnType<typeof findConsoleDealer>>>;
