import { withDealer } from "@/lib/auth/with-dealer";
import { dealerSettings } from "@/lib/dealers/dealer-settings";
import { jsonResponse } from "@/lib/http/json-response";
import { noInputSchema } from "@/lib/schemas/dealer-api";

export const GET = withDealer({ input: noInputSchema }, async ({ dealer }) => jsonResponse(dealerSettings(dealer)));
