import { presentTransactionStatus } from "@/lib/api/presenters/transaction-reads";
import { CONTRACTS } from "@/lib/api/contracts";
import { apiTransactionStatus } from "@/lib/domain/explorer/api-transaction-status";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.getDealerTransactionStatus, async ({ dealer, input }) =>
  jsonResponse(
    presentTransactionStatus(
      await apiTransactionStatus(input.tracking_code, {
        dealerId: dealer.id,
        siteIntegrationId: dealer.siteIntegration?.id,
      }),
    ),
  ),
);
