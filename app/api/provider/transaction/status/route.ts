import { presentTransactionStatus } from "@/lib/api/presenters/transaction-reads";
import { CONTRACTS } from "@/lib/api/contracts";
import { apiTransactionStatus } from "@/lib/domain/explorer/api-transaction-status";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.getTransactionStatus, async ({ provider, body }) =>
  jsonResponse(presentTransactionStatus(await apiTransactionStatus(body.tracking_code, { providerId: provider.id }))),
);
