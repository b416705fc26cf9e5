import type { z } from "zod";
import { prisma } from "@/lib/db/prisma";
import type { Gateway } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/api-error";
import { validate } from "@/lib/http/validate";
import { withApiErrors } from "@/lib/http/with-api-errors";
import { verifyFromGateway } from "./gateway-secret";
import { GATEWAY_SIGNATURE_HEADER } from "./third-party-gateway";

/**
 * Route wrapper for a third-party gateway's notifications at /api/webhooks/gateways/<code>: the HMAC over
 * the raw body must be made with that gateway's own secret (a bad one is 401 and changes nothing), then
 * the JSON is parsed and validated, and the handler learns which gateway is speaking.
 */
export function withGatewayWebhook<S extends z.ZodType>(schema: S, handler: (event: z.infer<S>, gateway: Gateway) => Promise<Response>) {
  return withApiErrors(async (req, { params }) => {
    const raw = await req.text();
    const code = typeof params.code === "string" ? decodeURIComponent(params.code) : "";
    const gateway = code ? await prisma.gateway.findUnique({ where: { code } }) : null;
    if (!gateway || !verifyFromGateway(gateway, raw, req.headers.get(GATEWAY_SIGNATURE_HEADER))) {
      throw ApiError.plain(401, "Invalid signature", "The notification is not signed with this gateway's secret.");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON.");
    }
    return handler(validate(schema, parsed), gateway);
  });
}
