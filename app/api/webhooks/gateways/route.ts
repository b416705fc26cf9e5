import { z } from "zod";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/gateways/third-party-gateway";
import { verifyMessage } from "@/lib/gateways/shared-secret";
import { ApiError } from "@/lib/http/api-error";
import { jsonResponse } from "@/lib/http/json-response";
import { validate } from "@/lib/http/validate";
import { withApiErrors } from "@/lib/http/with-api-errors";
import { applyGatewayOutcome } from "@/lib/third-party/apply-gateway-outcome";

const notification = z.object({
  reference: z.string().min(1),
  clientRef: z.string().min(1),
  kind: z.enum(["deposit", "withdrawal"]),
  status: z.enum(["confirmed", "declined", "completed", "failed", "rejected"]),
  amount: z.string().regex(/^\d+\.\d{2}$/).optional(),
  reason: z.string().max(500).optional(),
});

/** Third-party gateways' signed notifications; only the signature is trusted, repeats change nothing. */
export const POST = withApiErrors(async (req) => {
  const raw = await req.text();
  if (!verifyMessage("third-party-gateways", raw, req.headers.get(GATEWAY_SIGNATURE_HEADER))) {
    throw ApiError.plain(401, "Invalid signature", "The notification is not signed by the gateway.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON.");
  }
  return jsonResponse({ success: true, status: await applyGatewayOutcome(validate(notification, parsed)) });
});
