import { withProvider } from "@/lib/auth/with-provider";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { thirdPartyWithdrawalSchemas } from "@/lib/schemas/third-party";
import { startThirdPartyWithdrawal } from "@/lib/third-party/start-third-party-withdrawal";

export const POST = withProvider({ signature: "credential-key", body: thirdPartyWithdrawalSchemas.crypto }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startThirdPartyWithdrawal("crypto", provider, site, body))),
);
