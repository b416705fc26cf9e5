import { presentCardStatus } from "@/lib/api/presenters/card";
import { cardPaymentStatus } from "@/lib/domain/cards/find-card-payment";
import { CONTRACTS } from "@/lib/api/contracts";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.getCardPaymentStatus, async ({ provider, body }) =>
  jsonResponse(presentCardStatus(await cardPaymentStatus(body.tracking_code, { providerId: provider.id }))),
);
