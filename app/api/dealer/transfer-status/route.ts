import { presentTransferStatus } from "@/lib/api/presenters/eiban";
import { CONTRACTS } from "@/lib/api/contracts";
import { getTransferStatus } from "@/lib/domain/transfers/get-transfer-status";
import { withDealer } from "@/lib/edge/auth/with-dealer";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const GET = withDealer(CONTRACTS.getTransferStatus, async ({ dealer, input }) =>
  jsonResponse(presentTransferStatus(await getTransferStatus(dealer, input.transfer_id))),
);
