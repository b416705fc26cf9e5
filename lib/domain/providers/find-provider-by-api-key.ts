import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { verifyingSecrets } from "@/lib/domain/accounts/account-secrets";
import type { SignedAccount } from "@/lib/domain/accounts/signed-account";

export type AuthenticatedProvider = SignedAccount & {
  id: number;
  name: string;
  rateLimitPerMinute: number | null;
  verificationKey: string;
};

export async function findProviderByApiKey(apiKey: string): Promise<AuthenticatedProvider | null> {
  const row = await prisma.provider.findUnique({ where: { apiKey } });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    rateLimitPerMinute: row.rateLimitPerMinute,
    apiKey: row.apiKey,
    secrets: verifyingSecrets(row),
    isActive: row.isActive,
    ipWhitelist: row.ipWhitelist,
    verificationKey: decryptSecret(row.verificationKeyEnc),
    requireSignedBodies: row.requireSignedBodies,
    maxTransactionAmount: row.maxTransactionAmount.toFixed(2),
  };
}
