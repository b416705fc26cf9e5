import { withDealer } from "@/lib/edge/auth/with-dealer";
import { listEibanTransactions } from "@/lib/domain/eiban/list-eiban-transactions";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { transactionsQuerySchema } from "@/lib/domain/schemas/dealer-api";

export const GET = withDealer({ input: transactionsQuerySchema }, async ({ dealer, input }) => jsonResponse(await listEibanTransactions(dealer, input)));
