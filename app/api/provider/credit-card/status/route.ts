import { withProvider } from "@/lib/edge/auth/with-provider";
import { cardPaymentStatus } from "@/lib/domain/cards/find-card-payment";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { cardStatusSchema } from "@/lib/domain/schemas/card-payment";

export const POST = withProvider({ signature: "timestamp", body: cardStatusSchema }, async ({ provider, body }) =>
  jsonResponse(await cardPaymentStatus(body.tracking_code, { providerId: provider.id })),
);
