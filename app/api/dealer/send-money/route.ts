import { withDealer } from "@/lib/auth/with-dealer";
import { jsonResponse } from "@/lib/http/json-response";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { sendMoneySchema } from "@/lib/schemas/dealer-api";
import { sendMoney } from "@/lib/transfers/send-money";

export const POST = withDealer({ input: sendMoneySchema, movesMoney: true }, async ({ req, dealer, input }) =>
  withIdempotency(req, `dealer:${dealer.id}`, input, async () => jsonResponse(await sendMoney(dealer, input))),
);
