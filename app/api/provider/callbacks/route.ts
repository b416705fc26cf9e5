import { presentCallbacks } from "@/lib/api/presenters/transaction-reads";
import { listApiCallbacks } from "@/lib/domain/callbacks/api-callbacks";
import { CONTRACTS } from "@/lib/api/contracts";
import { withProvider } from "@/lib/edge/auth/with-provider";
import { jsonResponse } from "@/lib/edge/http/json-response";

export const POST = withProvider(CONTRACTS.listCallbacks, async ({ provider, body }) =>
  jsonResponse(presentCallbacks(await listApiCallbacks(body.tracking_code, { providerId: provider.id }))),
);
