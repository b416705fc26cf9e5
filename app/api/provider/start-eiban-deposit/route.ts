import { presentProviderDeposit } from "@/lib/api/presenters/manual-bank";
import { CONTRACTS } from "@/lib/api/contracts";
import { startProviderDeposit } from "@/lib/domain/manual-bank/start-provider-deposit";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.startEibanDeposit, async ({ provider, site, body }) =>
  jsonResponse(presentProviderDeposit(await startProviderDeposit("EIBAN", provider, site, body))),
);
