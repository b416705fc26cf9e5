import { previousSecretGraceEnd } from "@/lib/domain/accounts/account-secrets";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { providerScope } from "@/lib/domain/access/management-scope";
import { maskSecret } from "@/lib/domain/access/mask-secret";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";

/**
 * A provider as the console shows it, or null when it is missing or outside the user's tenancy. The
 * encrypted columns never leave this function: admins get masked hints, provider viewers not even those.
 */
export async function findConsoleProvider(user: ConsoleUser, id: number) {
  const row = await prisma.provider.findFirst({
    where: { AND: [providerScope(user), { id }] },
    include: { sites: { orderBy: { id: "asc" }, include: { dealer: { select: { id: true, name: true } } } } },
  });
  if (!row) return null;
  const { secretKeyEnc, previousSecretKeyEnc, verificationKeyEnc, previousSecretValidTo, ...profile } = row;
  const isAdmin = user.role === "ADMIN";
  return {
    ...profile,
    secretHint: isAdmin ? maskSecret(decryptSecret(secretKeyEnc)) : null,
    verificationKeyHint: isAdmin ? maskSecret(decryptSecret(verificationKeyEnc)) : null,
    // Only a grace period still running matters; an expired one no longer verifies anything.
    previousSecretValidUntil: previousSecretGraceEnd({ previousSecretKeyEnc, previousSecretValidTo }),
  };
}

export type ConsoleProvider = NonNullable<Awaited<ReturnType<typeof findConsoleProvider>>>;
