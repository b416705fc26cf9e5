import { withDealer } from "@/lib/edge/auth/with-dealer";
import { dealerSettings } from "@/lib/domain/dealers/dealer-settings";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { noInputSchema } from "@/lib/domain/schemas/dealer-api";

export const GET = withDealer({ input: noInputSchema }, async ({ dealer }) => jsonResponse(dealerSettings(dealer)));
