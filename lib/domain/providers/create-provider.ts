import { randomKey } from "@/lib/base/crypto/random";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { createSignedAccount } from "@/lib/domain/accounts/create-signed-account";
import { validate } from "@/lib/domain/schemas/validate";
import { createProviderSchema, type CreateProviderInput } from "@/lib/domain/schemas/provider";

/** Creates a provider; the secret and verification key are returned in full this once only. */
export async function createProvider(input: CreateProviderInput, actor: Actor) {
  const data = validate(createProviderSchema, input);
  const verificationKey = randomKey("vk_");
  const provider = await createSignedAccount(
    "provider",
    actor,
    {
      name: data.name,
      verificationKeyEnc: sealSecret("providers.verification_key_enc", verificationKey),
      ipWhitelist: data.ips,
      depositCallbackUrl: data.depositCallbackUrl ?? null,
      withdrawalCallbackUrl: data.withdrawalCallbackUrl ?? null,
      creditCardCallbackUrl: data.creditCardCallbackUrl ?? null,
    },
    (row, keys) => ({ name: row.name, apiKey: keys.apiKey, ipWhitelist: row.ipWhitelist }),
  );
  return {
    id: provider.id,
    api_key: provider.apiKey,
    secret_key: provider.secretKey,
    verification_key: verificationKey,
  };
}
