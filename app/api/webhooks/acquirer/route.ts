import { z } from "zod";
import { applyAcquirerOutcome } from "@/lib/cards/apply-acquirer-outcome";
import { ACQUIRER_SIGNATURE_HEADER } from "@/lib/gateways/card-acquirer";
import { verifyMessage } from "@/lib/gateways/shared-secret";
import { ApiError } from "@/lib/http/api-error";
import { jsonResponse } from "@/lib/http/json-response";
import { validate } from "@/lib/http/validate";
import { withApiErrors } from "@/lib/http/with-api-errors";

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
export const POST = withApiErrors(async (req) => {
  const raw = await req.text();
  if (!verifyMessage("card-acquirer", raw, req.headers.get(ACQUIRER_SIGNATURE_HEADER))) {
    throw ApiError.plain(401, "Invalid signature", "The notification is not signed by the acquirer.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON.");
  }
  return jsonResponse({ success: true, status: await applyAcquirerOutcome(validate(notification, parsed)) });
});
