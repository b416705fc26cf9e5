import { CONTRACTS } from "@/lib/api/contracts";
import { startDealerDeposit } from "@/lib/domain/deposits/start-dealer-deposit";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withDealer(CONTRACTS.startDealerDeposit, async ({ dealer, input }) => jsonResponse(await startDealerDeposit(dealer, input)));
