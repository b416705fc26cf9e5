import { decryptSecret } from "@/lib/base/crypto/secret-box";
import type { SigningKeys } from "./sign-callback";

type KeyHolder = { apiKey: string; secretKeyEnc: string } | null;

/** Callbacks are signed with the receiver's API key and its current secret (never a grace-period one). */
export function signingKeysFor(owner: { provider: KeyHolder; dealer: KeyHolder }): SigningKeys | null {
  const holder = owner.provider ?? owner.dealer;
  return holder ? { apiKey: holder.apiKey, secretKey: decryptSecret(holder.secretKeyEnc) } : null;
}
