import { presentTransactionPage } from "@/lib/api/presenters/transaction-reads";
import { CONTRACTS } from "@/lib/api/contracts";
import { listApiTransactions } from "@/lib/domain/explorer/api-transaction-list";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.listTransactions, async ({ provider, body }) =>
  jsonResponse(presentTransactionPage(await listApiTransactions({ providerId: provider.id }, body))),
);
