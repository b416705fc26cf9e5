import { withProvider } from "@/lib/edge/auth/with-provider";
import { startProviderWithdrawal } from "@/lib/domain/withdrawals/start-provider-withdrawal";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { withdrawalRequestSchema } from "@/lib/domain/schemas/payment-requests";

export const POST = withProvider({ signature: "credential-key", body: withdrawalRequestSchema }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startProviderWithdrawal("MANUAL_BANK", provider, site, body))),
);
