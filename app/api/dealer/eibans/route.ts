import { presentEibans } from "@/lib/api/presenters/eiban";
import { CONTRACTS } from "@/lib/api/contracts";
import { listDealerEibans } from "@/lib/domain/eiban/list-dealer-eibans";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.listEibans, async ({ dealer }) =>
  jsonResponse(presentEibans(await listDealerEibans(dealer))),
);
