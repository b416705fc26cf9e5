import { withDealer } from "@/lib/edge/auth/with-dealer";
import { startCardPayment } from "@/lib/domain/cards/start-card-payment";
import { assertDealerMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { dealerCardPaymentSchema } from "@/lib/domain/schemas/card-payment";

export const POST = withDealer({ input: dealerCardPaymentSchema }, async ({ req, dealer, input }) =>
  withIdempotency(req, dealer.callerId, input, async () => {
    assertDealerMethodEnabled(dealer, "creditCard");
    return jsonResponse(await startCardPayment({ origin: "DEALER", providerId: null, siteId: null, dealerId: dealer.id, callerId: dealer.callerId, siteIntegrationId: dealer.siteIntegration?.id, userId: input.username, ...input }));
  }),
);
