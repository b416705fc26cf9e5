import { withDealer } from "@/lib/auth/with-dealer";
import { startDealerDeposit } from "@/lib/deposits/start-dealer-deposit";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { dealerDepositSchema } from "@/lib/schemas/payment-requests";

export const POST = withDealer({ input: dealerDepositSchema }, async ({ req, dealer, input }) =>
  withIdempotency(req, dealer.callerId, input, async () => jsonResponse(await startDealerDeposit(dealer, input))),
);
