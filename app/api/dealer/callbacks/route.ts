import { presentCallbacks } from "@/lib/api/presenters/transaction-reads";
import { listApiCallbacks } from "@/lib/domain/callbacks/api-callbacks";
import { CONTRACTS } from "@/lib/api/contracts";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.listDealerCallbacks, async ({ dealer, input }) =>
  jsonResponse(
    presentCallbacks(
      await listApiCallbacks(input.tracking_code, {
        dealerId: dealer.id,
        siteIntegrationId: dealer.siteIntegration?.id,
      }),
    ),
  ),
);
