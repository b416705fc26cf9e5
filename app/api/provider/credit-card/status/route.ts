import { withProvider } from "@/lib/auth/with-provider";
import { cardPaymentStatus } from "@/lib/cards/find-card-payment";
import { jsonResponse } from "@/lib/http/json-response";
import { cardStatusSchema } from "@/lib/schemas/card-payment";

export const POST = withProvider({ signature: "timestamp", body: cardStatusSchema }, async ({ provider, body }) =>
  jsonResponse(await cardPaymentStatus(body.tracking_code, { providerId: provider.id })),
);
