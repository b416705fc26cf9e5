import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { transferStatusQuerySchema } from "@/lib/domain/schemas/dealer-api";
import { getTransferStatus } from "@/lib/domain/transfers/get-transfer-status";

export const GET = withDealer({ input: transferStatusQuerySchema }, async ({ dealer, input }) => jsonResponse(await getTransferStatus(dealer, input.transfer_id)));
