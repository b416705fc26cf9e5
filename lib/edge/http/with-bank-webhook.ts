import type { z } from "zod";
import { logger } from "@/lib/base/observability/logger";
import { receiveBankNotification } from "@/lib/domain/eiban/receive-bank-notification";
import { validate } from "@/lib/domain/schemas/validate";
import { verifyMessage } from "@/lib/integrations/gateways/shared-secret";
import { ApiError } from "./api-error";
import { jsonResponse } from "./json-response";
import { parseJsonBody, readBodyText } from "./read-body";
import { withApiErrors } from "./with-api-errors";

/**
 * Route wrapper for the E-IBAN bank's notifications: the body is read up to 64 KiB (413 beyond); a message
 * signed for a wallet that has a bank connector is verified and booked through that connector
 * (receiveBankNotification) first; failing that, the sandbox bank's shared secret (`signatureHeader`) must have
 * signed it and `handler` books it. A message nothing verifies is 401 and changes nothing.
 */
export function withBankWebhook<S extends z.ZodType>(signatureHeader: string, schema: S, handler: (event: z.infer<S>) => Promise<Response>) {
  return withApiErrors(async (req) => {
    const raw = await readBodyText(req);
    const url = new URL(req.url);
    const headers = Object.fromEntries([...req.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const result = await receiveBankNotification({ method: req.method, headers, rawBody: raw, form: null, query: Object.fromEntries(url.searchParams) });
    if (result !== "none" && result.verified) {
      if (result.ack.contentType.includes("json")) return jsonResponse({ ...(JSON.parse(result.ack.body) as object), success: true, booked: result.booked }, result.ack.status);
      return new Response(result.ack.body, { status: result.ack.status, headers: { "content-type": result.ack.contentType } });
    }
    if (verifyMessage("eiban-bank", raw, req.headers.get(signatureHeader))) return handler(validate(schema, parseJsonBody(raw)));
    logger.warn({ reason: result === "none" ? "shared secret does not match" : result.reason }, "bank notification not verified: ignored");
    if (result !== "none" && result.ack?.status === 422) throw ApiError.plain(422, "Invalid notification", "The notification is signed but not in the bank protocol's shape.");
    throw ApiError.plain(401, "Invalid signature", "The notification is not signed with the shared secret or a wallet's bank secret.");
  });
}
