import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { dealerWithdrawalSchema } from "@/lib/domain/schemas/payment-requests";
import { startDealerWithdrawal } from "@/lib/domain/withdrawals/start-dealer-withdrawal";

export const POST = withDealer({ input: dealerWithdrawalSchema, movesMoney: true }, async ({ req, dealer, input }) =>
  withIdempotency(req, dealer.callerId, input, async () => jsonResponse(await startDealerWithdrawal(dealer, input))),
);
