import { presentDealerBalance } from "@/lib/api/presenters/ledger";
import { CONTRACTS } from "@/lib/api/contracts";
import { asOfInstant } from "@/lib/api/schemas/ledger";
import { dealerBalanceSheet } from "@/lib/domain/ledger/balance-sheets";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.getDealerBalance, async ({ dealer, input }) =>
  jsonResponse(presentDealerBalance(await dealerBalanceSheet(dealer.id, asOfInstant(input)))),
);
