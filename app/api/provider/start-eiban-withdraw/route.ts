import { presentProviderWithdrawal } from "@/lib/api/presenters/manual-bank";
import { CONTRACTS } from "@/lib/api/contracts";
import { startProviderWithdrawal } from "@/lib/domain/manual-bank/start-provider-withdrawal";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.startEibanWithdrawal, async ({ provider, site, body }) =>
  jsonResponse(presentProviderWithdrawal(await startProviderWithdrawal("EIBAN", provider, site, body))),
);
