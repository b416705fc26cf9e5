import { withProvider } from "@/lib/auth/with-provider";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { thirdPartyDepositSchema } from "@/lib/schemas/third-party";
import { startThirdPartyDeposit } from "@/lib/third-party/start-third-party-deposit";

export const POST = withProvider({ signature: "credential-key", body: thirdPartyDepositSchema }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startThirdPartyDeposit("wallet", provider, site, body))),
);
