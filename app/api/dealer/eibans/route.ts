import { withDealer } from "@/lib/edge/auth/with-dealer";
import { listDealerEibans } from "@/lib/domain/eiban/list-dealer-eibans";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { noInputSchema } from "@/lib/domain/schemas/dealer-api";

export const GET = withDealer({ input: noInputSchema }, async ({ dealer }) => jsonResponse(await listDealerEibans(dealer)));
