import { withDealer } from "@/lib/auth/with-dealer";
import { listDealerEibans } from "@/lib/eiban/list-dealer-eibans";
import { jsonResponse } from "@/lib/http/json-response";
import { noInputSchema } from "@/lib/schemas/dealer-api";

export const GET = withDealer({ input: noInputSchema }, async ({ dealer }) => jsonResponse(await listDealerEibans(dealer)));
