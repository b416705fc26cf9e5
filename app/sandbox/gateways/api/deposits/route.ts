import { z } from "zod";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { openSandboxDeposit } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";
import { withSandboxGatewaySigned } from "@/lib/edge/http/with-sandbox-signed";

const order = z.object({
  merchantId: z.string(),
  clientRef: z.string(),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  cryptoType: z.string().optional(),
  notifyUrl: z.url(),
});

export const POST = withSandboxGatewaySigned(GATEWAY_SIGNATURE_HEADER, async ({ body }) =>
  jsonResponse(await openSandboxDeposit(validate(order, body))),
);
