import { presentDealerWithdrawal } from "@/lib/api/presenters/manual-bank";
import { CONTRACTS } from "@/lib/api/contracts";
import { startDealerWithdrawal } from "@/lib/domain/manual-bank/start-dealer-withdrawal";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withDealer(CONTRACTS.startDealerWithdrawal, async ({ dealer, input }) =>
  jsonResponse(presentDealerWithdrawal(await startDealerWithdrawal(dealer, input))),
);
