import type { z } from "zod";
import { verifyMessage } from "@/lib/integrations/gateways/shared-secret";
import { ApiError } from "./api-error";
import { parseJsonBody, readBodyText } from "./read-body";
import { validate } from "@/lib/domain/schemas/validate";
import { withApiErrors } from "./with-api-errors";

type Purpose = Parameters<typeof verifyMessage>[0];

/**
 * Route wrapper for an external system's notifications: the body is read up to 64 KiB (413 beyond), the HMAC
 * over it is checked (a bad one is 401 and changes nothing), then the JSON is parsed and validated.
 */
export function withSignedWebhook<S extends z.ZodType>(purpose: Purpose, signatureHeader: string, schema: S, handler: (event: z.infer<S>) => Promise<Response>) {
  return withApiErrors(async (req) => {
    const raw = await readBodyText(req);
    if (!verifyMessage(purpose, raw, req.headers.get(signatureHeader))) {
      throw ApiError.plain(401, "Invalid signature", "The notification is not signed with the shared secret.");
    }
    return handler(validate(schema, parseJsonBody(raw)));
  });
}
