import { CONTRACTS } from "@/lib/api/contracts";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { resendCallbackByApi } from "@/lib/edge/http/resend-callback-by-api";

export const POST = withDealer(CONTRACTS.resendDealerCallback, async ({ dealer, input, req }) =>
  jsonResponse(
    await resendCallbackByApi(
      input.tracking_code,
      { dealerId: dealer.id, siteIntegrationId: dealer.siteIntegration?.id },
      req.headers,
    ),
  ),
);
