import { presentCardStatus } from "@/lib/api/presenters/card";
import { cardPaymentStatus } from "@/lib/domain/cards/find-card-payment";
import { CONTRACTS } from "@/lib/api/contracts";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

/** Not in the dealer document, which has no status query; added so dealers need not rely on callbacks alone. */
export const GET = withDealer(CONTRACTS.getDealerCardPaymentStatus, async ({ dealer, input }) =>
  jsonResponse(
    presentCardStatus(
      await cardPaymentStatus(input.tracking_code, {
        dealerId: dealer.id,
        siteIntegrationId: dealer.siteIntegration?.id,
      }),
    ),
  ),
);
