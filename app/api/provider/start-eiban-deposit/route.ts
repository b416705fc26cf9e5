import { CONTRACTS } from "@/lib/api/contracts";
import { startProviderDeposit } from "@/lib/domain/deposits/start-provider-deposit";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.startEibanDeposit, async ({ provider, site, body }) => jsonResponse(await startProviderDeposit("EIBAN", provider, site, body)));
