import { z } from "zod";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/gateways/third-party-gateway";
import { jsonResponse } from "@/lib/http/json-response";
import { withSignedWebhook } from "@/lib/http/with-signed-webhook";
import { applyGatewayOutcome } from "@/lib/third-party/apply-gateway-outcome";

const notification = z.object({
  reference: z.string().min(1),
  clientRef: z.string().min(1),
  kind: z.enum(["deposit", "withdrawal"]),
  status: z.enum(["confirmed", "declined", "completed", "failed", "rejected"]),
  amount: z.string().regex(/^\d+\.\d{2}$/).optional(),
  reason: z.string().max(500).optional(),
});

/** Third-party gateways' signed notifications; repeats change nothing. */
export const POST = withSignedWebhook("third-party-gateways", GATEWAY_SIGNATURE_HEADER, notification, async (event) =>
  jsonResponse({ success: true, status: await applyGatewayOutcome(event) }),
);
