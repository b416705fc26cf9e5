import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { sendMoneySchema } from "@/lib/domain/schemas/dealer-api";
import { sendMoney } from "@/lib/domain/transfers/send-money";

export const POST = withDealer({ input: sendMoneySchema, movesMoney: true }, async ({ req, dealer, input }) =>
  withIdempotency(req, dealer.callerId, input, async () => jsonResponse(await sendMoney(dealer, input))),
);
