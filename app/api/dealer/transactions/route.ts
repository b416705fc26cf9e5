import { presentEibanStatement } from "@/lib/api/presenters/eiban";
import { CONTRACTS } from "@/lib/api/contracts";
import { listEibanTransactions } from "@/lib/domain/eiban/list-eiban-transactions";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.listEibanTransactions, async ({ dealer, input }) =>
  jsonResponse(presentEibanStatement(await listEibanTransactions(dealer, input))),
);
