import { presentTransactionPage } from "@/lib/api/presenters/transaction-reads";
import { CONTRACTS } from "@/lib/api/contracts";
import { listApiTransactions } from "@/lib/domain/explorer/api-transaction-list";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.listDealerTransactions, async ({ dealer, input }) =>
  jsonResponse(
    presentTransactionPage(
      await listApiTransactions({ dealerId: dealer.id, siteIntegrationId: dealer.siteIntegration?.id }, input),
    ),
  ),
);
