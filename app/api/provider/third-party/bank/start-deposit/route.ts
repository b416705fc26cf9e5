import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { thirdPartyDepositSchema } from "@/lib/domain/schemas/third-party";
import { startThirdPartyDeposit } from "@/lib/domain/third-party/start-third-party-deposit";

export const POST = withProvider({ signature: "credential-key", body: thirdPartyDepositSchema }, async ({ req, provider, site, body }) =>
  withIdempotency(req, `provider:${provider.id}`, body, async () => jsonResponse(await startThirdPartyDeposit("bank", provider, site, body))),
);
