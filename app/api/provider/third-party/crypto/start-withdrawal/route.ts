import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { thirdPartyWithdrawalSchemas } from "@/lib/domain/schemas/third-party";
import { startThirdPartyWithdrawal } from "@/lib/domain/third-party/start-third-party-withdrawal";

export const POST = withProvider({ signature: "credential-key", body: thirdPartyWithdrawalSchemas.crypto }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startThirdPartyWithdrawal("crypto", provider, site, body))),
);
