import { CONTRACTS } from "@/lib/api/contracts";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { resendCallbackByApi } from "@/lib/edge/http/resend-callback-by-api";

export const POST = withProvider(CONTRACTS.resendCallback, async ({ provider, body, req }) =>
  jsonResponse(await resendCallbackByApi(body.tracking_code, { providerId: provider.id }, req.headers)),
);
