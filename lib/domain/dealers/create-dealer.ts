import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { randomKey } from "@/lib/base/crypto/random";
import { encryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { switchColumns } from "@/lib/domain/payment-methods/dealer-switches";
import { validate } from "@/lib/domain/schemas/validate";
import { createDealerSchema, type CreateDealerInput } from "@/lib/domain/schemas/dealer";

export async function createDealer(input: CreateDealerInput, actor: Actor) {
  const data = validate(createDealerSchema, input);
  const apiKey = randomKey("dk_");
  const secretKey = randomKey("ds_", 32);
  return prisma.$transaction(async (tx) => {
    const dealer = await tx.dealer.create({
      data: {
        name: data.name,
        welcomeMessage: data.welcomeMessage ?? null,
        apiKey,
        secretKeyEnc: encryptSecret(secretKey),
        ipWhitelist: data.ips,
        ...switchColumns(data.methods),
        creditCardCallbackUrl: data.creditCardCallbackUrl ?? null,
      },
    });
    await recordAudit(tx, actor, {
      action: "dealer.create",
      entityType: "dealer",
      entityId: dealer.id,
      after: { name: dealer.name, apiKey, methods: data.methods },
    });
    return { id: dealer.id, api_key: apiKey, secret_key: secretKey };
  });
}
