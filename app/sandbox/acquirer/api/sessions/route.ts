import { z } from "zod";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { openSandboxCheckout } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { withSandboxSigned } from "@/lib/edge/http/with-sandbox-signed";

const checkout = z.object({
  orderId: z.string().min(1),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.literal("TRY"),
  description: z.string(),
  merchant: z.string(),
  returnUrl: z.url(),
  notifyUrl: z.url(),
  expiresAt: z.iso.datetime(),
});

export const POST = withSandboxSigned("card-acquirer", SANDBOX_SIGNATURE_HEADER, async ({ body }) =>
  jsonResponse(await openSandboxCheckout(validate(checkout, body))),
);
