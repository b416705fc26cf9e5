import { withDealer } from "@/lib/edge/auth/with-dealer";
import { startDealerDeposit } from "@/lib/domain/deposits/start-dealer-deposit";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { dealerDepositSchema } from "@/lib/domain/schemas/payment-requests";

export const POST = withDealer({ input: dealerDepositSchema }, async ({ req, dealer, input }) =>
  withIdempotency(req, dealer.callerId, input, async () => jsonResponse(await startDealerDeposit(dealer, input))),
);
