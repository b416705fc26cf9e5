import type { Actor } from "@/lib/domain/audit/record-audit";
import { createSignedAccount } from "@/lib/domain/accounts/create-signed-account";
import { switchColumns } from "@/lib/domain/payment-methods/dealer-switches";
import { validate } from "@/lib/domain/schemas/validate";
import { createDealerSchema, type CreateDealerInput } from "@/lib/domain/schemas/dealer";

/** Creates a dealer; the secret is returned in full this once only. */
export async function createDealer(input: CreateDealerInput, actor: Actor) {
  const data = validate(createDealerSchema, input);
  const dealer = await createSignedAccount(
    "dealer",
    actor,
    {
      name: data.name,
      welcomeMessage: data.welcomeMessage ?? null,
      ipWhitelist: data.ips,
      ...switchColumns(data.methods),
      creditCardCallbackUrl: data.creditCardCallbackUrl ?? null,
    },
    (row, keys) => ({ name: row.name, apiKey: keys.apiKey, methods: data.methods }),
  );
  return { id: dealer.id, api_key: dealer.apiKey, secret_key: dealer.secretKey };
}
