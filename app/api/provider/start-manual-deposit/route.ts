import { withProvider } from "@/lib/edge/auth/with-provider";
import { startProviderDeposit } from "@/lib/domain/deposits/start-provider-deposit";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { depositRequestSchema } from "@/lib/domain/schemas/payment-requests";

export const POST = withProvider({ signature: "credential-key", body: depositRequestSchema }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startProviderDeposit("MANUAL_BANK", provider, site, body))),
);
