import { z } from "zod";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { openSandboxWithdrawal } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";
import { withSandboxGatewaySigned } from "@/lib/edge/http/with-sandbox-signed";

const order = z.object({
  merchantId: z.string(),
  clientRef: z.string(),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  account: z.record(z.string(), z.string()),
  notifyUrl: z.url(),
});

export const POST = withSandboxGatewaySigned(GATEWAY_SIGNATURE_HEADER, async ({ body }) =>
  jsonResponse(await openSandboxWithdrawal(validate(order, body))),
);
