import { withDealer } from "@/lib/auth/with-dealer";
import { jsonResponse } from "@/lib/http/json-response";
import { transferStatusQuerySchema } from "@/lib/schemas/dealer-api";
import { getTransferStatus } from "@/lib/transfers/get-transfer-status";

export const GET = withDealer({ input: transferStatusQuerySchema }, async ({ dealer, input }) => jsonResponse(await getTransferStatus(dealer, input.transfer_id)));
