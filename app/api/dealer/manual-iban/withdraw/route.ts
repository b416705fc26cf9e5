import { withDealer } from "@/lib/auth/with-dealer";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { dealerWithdrawalSchema } from "@/lib/schemas/payment-requests";
import { startDealerWithdrawal } from "@/lib/withdrawals/start-dealer-withdrawal";

export const POST = withDealer({ input: dealerWithdrawalSchema, movesMoney: true }, async ({ req, dealer, input }) =>
  withIdempotency(req, `dealer:${dealer.id}`, input, async () => jsonResponse(await startDealerWithdrawal(dealer, input))),
);
