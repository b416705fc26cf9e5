import { z } from "zod";
import { applyAcquirerOutcome } from "@/lib/domain/cards/apply-acquirer-outcome";
import { ACQUIRER_SIGNATURE_HEADER } from "@/lib/integrations/gateways/card-acquirer";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withSignedWebhook } from "@/lib/edge/http/with-signed-webhook";

const notification = z.object({
  orderId: z.string().min(1),
  sessionId: z.string().optional(),
  status: z.enum(["approved", "declined", "cancelled"]),
  errorCode: z.string().max(64).optional(),
  errorMessage: z.string().max(500).optional(),
  authCode: z.string().max(32).optional(),
  occurredAt: z.iso.datetime().optional(),
});

/** The card acquirer's signed server-to-server notification. */
export const POST = withSignedWebhook("card-acquirer", ACQUIRER_SIGNATURE_HEADER, notification, async (event) =>
  jsonResponse({ success: true, status: await applyAcquirerOutcome(event) }),
);
