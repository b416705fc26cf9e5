import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { randomKey } from "@/lib/base/crypto/random";
import { encryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { validate } from "@/lib/domain/schemas/validate";
import { createProviderSchema, type CreateProviderInput } from "@/lib/domain/schemas/provider";

/** Creates a provider; the secret and verification key are returned in full this once only. */
export async function createProvider(input: CreateProviderInput, actor: Actor) {
  const data = validate(createProviderSchema, input);
  const apiKey = randomKey("pk_");
  const secretKey = randomKey("sk_", 32);
  const verificationKey = randomKey("vk_");
  return prisma.$transaction(async (tx) => {
    const provider = await tx.provider.create({
      data: {
        name: data.name,
        apiKey,
        secretKeyEnc: encryptSecret(secretKey),
        verificationKeyEnc: encryptSecret(verificationKey),
        ipWhitelist: data.ips,
        depositCallbackUrl: data.depositCallbackUrl ?? null,
        withdrawalCallbackUrl: data.withdrawalCallbackUrl ?? null,
        creditCardCallbackUrl: data.creditCardCallbackUrl ?? null,
      },
    });
    await recordAudit(tx, actor, {
      action: "provider.create",
      entityType: "provider",
      entityId: provider.id,
      after: { name: provider.name, apiKey, ipWhitelist: provider.ipWhitelist },
    });
    return { id: provider.id, api_key: apiKey, secret_key: secretKey, verification_key: verificationKey };
  });
}
