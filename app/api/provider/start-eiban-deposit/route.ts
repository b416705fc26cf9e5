import { withProvider } from "@/lib/auth/with-provider";
import { startProviderDeposit } from "@/lib/deposits/start-provider-deposit";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { depositRequestSchema } from "@/lib/schemas/payment-requests";

export const POST = withProvider({ signature: "credential-key", body: depositRequestSchema }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startProviderDeposit("EIBAN", provider, site, body))),
);
