import { decryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db/prisma";
import type { SigningKeys } from "./sign-callback";

/** Callbacks are signed with the receiver's API key and its current secret (never a grace-period one). */
export async function signingKeysFor(db: Db, owner: { providerId: number | null; dealerId: number | null }): Promise<SigningKeys | null> {
  if (owner.providerId) {
    const provider = await db.provider.findUnique({ where: { id: owner.providerId } });
    return provider ? { apiKey: provider.apiKey, secretKey: decryptSecret(provider.secretKeyEnc) } : null;
  }
  if (owner.dealerId) {
    const dealer = await db.dealer.findUnique({ where: { id: owner.dealerId } });
    return dealer ? { apiKey: dealer.apiKey, secretKey: decryptSecret(dealer.secretKeyEnc) } : null;
  }
  return null;
}
