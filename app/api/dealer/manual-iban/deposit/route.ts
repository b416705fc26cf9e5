import { presentDealerDeposit } from "@/lib/api/presenters/manual-bank";
import { CONTRACTS } from "@/lib/api/contracts";
import { startDealerDeposit } from "@/lib/domain/manual-bank/start-dealer-deposit";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withDealer(CONTRACTS.startDealerDeposit, async ({ dealer, input }) =>
  jsonResponse(presentDealerDeposit(await startDealerDeposit(dealer, input))),
);
