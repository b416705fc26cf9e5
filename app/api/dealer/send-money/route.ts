import { presentSentMoney } from "@/lib/api/presenters/eiban";
import { CONTRACTS } from "@/lib/api/contracts";
import { sendMoney } from "@/lib/domain/transfers/send-money";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withDealer(CONTRACTS.sendMoney, async ({ dealer, input }) =>
  jsonResponse(await sendMoney(dealer, input, presentSentMoney)),
);
