import { withDealer } from "@/lib/auth/with-dealer";
import { startCardPayment } from "@/lib/cards/start-card-payment";
import { assertDealerMethodEnabled } from "@/lib/dealers/assert-method-enabled";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { dealerCardPaymentSchema } from "@/lib/schemas/card-payment";

export const POST = withDealer({ input: dealerCardPaymentSchema }, async ({ req, dealer, input }) =>
  withIdempotency(req, dealer.callerId, input, async () => {
    assertDealerMethodEnabled(dealer, "creditCard");
    return jsonResponse(await startCardPayment({ origin: "DEALER", providerId: null, siteId: null, dealerId: dealer.id, callerId: dealer.callerId, siteIntegrationId: dealer.siteIntegration?.id, userId: input.username, ...input }));
  }),
);
