import { withDealer } from "@/lib/auth/with-dealer";
import { jsonResponse } from "@/lib/http/json-response";
import { sendMoneySchema } from "@/lib/schemas/dealer-api";
import { sendMoney } from "@/lib/transfers/send-money";

export const POST = withDealer({ input: sendMoneySchema, movesMoney: true }, async ({ dealer, input }) => jsonResponse(await sendMoney(dealer, input)));
