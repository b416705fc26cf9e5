import { withProvider } from "@/lib/auth/with-provider";
import { startProviderWithdrawal } from "@/lib/withdrawals/start-provider-withdrawal";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { withdrawalRequestSchema } from "@/lib/schemas/payment-requests";

export const POST = withProvider({ signature: "credential-key", body: withdrawalRequestSchema }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startProviderWithdrawal("MANUAL_BANK", provider, site, body))),
);
