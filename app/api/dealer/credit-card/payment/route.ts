import { presentCardPayment } from "@/lib/api/presenters/card";
import { startCardPayment } from "@/lib/domain/cards/start-card-payment";
import { CONTRACTS } from "@/lib/api/contracts";
import { assertDealerMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withDealer(CONTRACTS.startDealerCardPayment, async ({ dealer, input }) => {
  assertDealerMethodEnabled(dealer, "CREDIT_CARD");
  return jsonResponse(
    presentCardPayment(
      await startCardPayment({
        origin: "DEALER",
        providerId: null,
        siteId: null,
        dealerId: dealer.id,
        callerId: dealer.callerId,
        siteIntegrationId: dealer.siteIntegration?.id,
        userId: input.username,
        ...input,
      }),
    ),
  );
});
