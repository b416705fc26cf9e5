import { z } from "zod";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { inquireSandboxOrder } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";
import { withSandboxGatewaySigned } from "@/lib/edge/http/with-sandbox-signed";

const inquiry = z.object({ merchantId: z.string(), clientRef: z.string(), kind: z.enum(["deposit", "withdrawal"]) });

export const POST = withSandboxGatewaySigned(GATEWAY_SIGNATURE_HEADER, async ({ body }) => {
  const { merchantId, kind, clientRef } = validate(inquiry, body);
  return jsonResponse(await inquireSandboxOrder(merchantId, kind, clientRef));
});
