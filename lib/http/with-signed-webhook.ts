import type { z } from "zod";
import { verifyMessage } from "@/lib/gateways/shared-secret";
import { ApiError } from "./api-error";
import { validate } from "./validate";
import { withApiErrors } from "./with-api-errors";

type Purpose = Parameters<typeof verifyMessage>[0];

/**
 * Route wrapper for an external system's notifications: the HMAC over the raw body is checked first (a bad
 * one is 401 and changes nothing), then the JSON is parsed and validated.
 */
export function withSignedWebhook<S extends z.ZodType>(purpose: Purpose, signatureHeader: string, schema: S, handler: (event: z.infer<S>) => Promise<Response>) {
  return withApiErrors(async (req) => {
    const raw = await req.text();
    if (!verifyMessage(purpose, raw, req.headers.get(signatureHeader))) {
      throw ApiError.plain(401, "Invalid signature", "The notification is not signed with the shared secret.");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON.");
    }
    return handler(validate(schema, parsed));
  });
}
