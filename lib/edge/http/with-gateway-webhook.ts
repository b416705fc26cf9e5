import type { z } from "zod";
import { prisma } from "@/lib/base/db/prisma";
import type { Gateway } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/edge/http/api-error";
import { parseJsonBody, readBodyText } from "@/lib/edge/http/read-body";
import { validate } from "@/lib/domain/schemas/validate";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { verifyFromGateway } from "@/lib/integrations/gateways/gateway-secret";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";

/**
 * Route wrapper for a third-party gateway's notifications at /api/webhooks/gateways/<code>: the body is read
 * up to 64 KiB (413 beyond); the HMAC over it must be made with that gateway's own secret (a bad one is 401 and changes nothing), then
 * the JSON is parsed and validated, and the handler learns which gateway is speaking.
 */
export function withGatewayWebhook<S extends z.ZodType>(schema: S, handler: (event: z.infer<S>, gateway: Gateway) => Promise<Response>) {
  return withApiErrors(async (req, { params }) => {
    const raw = await readBodyText(req);
    const code = typeof params.code === "string" ? decodeURIComponent(params.code) : "";
    const gateway = code ? await prisma.gateway.findUnique({ where: { code } }) : null;
    if (!gateway || !verifyFromGateway(gateway, raw, req.headers.get(GATEWAY_SIGNATURE_HEADER))) {
      throw ApiError.plain(401, "Invalid signature", "The notification is not signed with this gateway's secret.");
    }
    return handler(validate(schema, parseJsonBody(raw)), gateway);
  });
}
