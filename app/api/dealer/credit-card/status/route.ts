import { withDealer } from "@/lib/edge/auth/with-dealer";
import { cardPaymentStatus } from "@/lib/domain/cards/find-card-payment";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { cardStatusSchema } from "@/lib/domain/schemas/card-payment";

/** Not in the dealer document, which has no status query; added so dealers need not rely on callbacks alone. */
export const GET = withDealer({ input: cardStatusSchema }, async ({ dealer, input }) => jsonResponse(await cardPaymentStatus(input.tracking_code, { dealerId: dealer.id })));
