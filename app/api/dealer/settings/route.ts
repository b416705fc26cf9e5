import { CONTRACTS } from "@/lib/api/contracts";
import { dealerSettings } from "@/lib/domain/dealers/dealer-settings";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.getDealerSettings, async ({ dealer }) => jsonResponse(dealerSettings(dealer)));
