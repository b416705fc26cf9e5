import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { inquiryRequest, sandboxInquiry } from "@/lib/integrations/sandbox/acquirer/sandbox-acquirer-api";
import { withSandboxSigned } from "@/lib/edge/http/with-sandbox-signed";

/** The sandbox acquirer's order status inquiry. */
export const POST = withSandboxSigned("card-acquirer", SANDBOX_SIGNATURE_HEADER, async ({ body }) => {
  const answer = await sandboxInquiry(validate(inquiryRequest, body).orderId);
  return jsonResponse(answer.body, answer.status);
});
