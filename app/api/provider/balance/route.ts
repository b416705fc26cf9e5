import { presentProviderBalance } from "@/lib/api/presenters/ledger";
import { CONTRACTS } from "@/lib/api/contracts";
import { asOfInstant } from "@/lib/api/schemas/ledger";
import { providerBalanceSheet } from "@/lib/domain/ledger/balance-sheets";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.getBalance, async ({ provider, body }) =>
  jsonResponse(presentProviderBalance(await providerBalanceSheet(provider.id, asOfInstant(body)))),
);
