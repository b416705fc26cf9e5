import { CONTRACTS } from "@/lib/api/contracts";
import { presentDealerSettings } from "@/lib/api/presenters/connection";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.getDealerSettings, async ({ dealer }) =>
  jsonResponse(presentDealerSettings(dealer)),
);
