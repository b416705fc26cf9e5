import { withDealer } from "@/lib/auth/with-dealer";
import { listEibanTransactions } from "@/lib/eiban/list-eiban-transactions";
import { jsonResponse } from "@/lib/http/json-response";
import { transactionsQuerySchema } from "@/lib/schemas/dealer-api";

export const GET = withDealer({ input: transactionsQuerySchema }, async ({ dealer, input }) => jsonResponse(await listEibanTransactions(dealer, input)));
