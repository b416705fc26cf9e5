import { z } from "zod";
import { withGatewayWebhook } from "@/lib/edge/http/with-gateway-webhook";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { applyGatewayOutcome } from "@/lib/domain/third-party/apply-gateway-outcome";

const notification = z.object({
  reference: z.string().min(1).max(128),
  clientRef: z.string().min(1).max(64),
  kind: z.enum(["deposit", "withdrawal"]),
  status: z.enum(["confirmed", "declined", "completed", "failed", "rejected"]),
  amount: z.string().regex(/^\d{1,16}\.\d{2}$/).optional(),
  reason: z.string().max(500).optional(),
});

/** One third-party gateway's signed notifications (its own secret, its own transactions); repeats change nothing. */
export const POST = withGatewayWebhook(notification, async (event, gateway) => jsonResponse({ success: true, status: await applyGatewayOutcome(gateway, event) }));
