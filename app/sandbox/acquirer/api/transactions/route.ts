import { settings } from "@/lib/base/config/settings";
import { ApiError } from "@/lib/edge/http/api-error";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { parseJsonBody, readBodyText } from "@/lib/edge/http/read-body";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { validate } from "@/lib/domain/schemas/validate";
import { SANDBOX_SIGNATURE_HEADER, signListAnswer } from "@/lib/integrations/connectors/sandbox-card/wire";
import { verifyMessage } from "@/lib/integrations/gateways/shared-secret";
import { listRequest, sandboxAcquirerTransactions } from "@/lib/integrations/sandbox/acquirer/sandbox-acquirer-list";
import { sandboxStoreKey } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";

/**
 * The sandbox acquirer's sales and refunds of a period, for reconciliation (connectors/sandbox-card/wire.ts):
 * a request signed with the store key, answered signed over the request's body and the answer's, so the
 * answer stands for this request only. Absent when the sandbox is off.
 */
export const POST = withApiErrors(async (req) => {
  if (!settings.sandboxEnabled) throw ApiError.plain(404, "Not found", "The sandbox is disabled.");
  const raw = await readBodyText(req);
  if (!verifyMessage("card-acquirer", raw, req.headers.get(SANDBOX_SIGNATURE_HEADER)))
    throw ApiError.plain(401, "Invalid signature", "The request is not signed with the shared secret.");
  const page = await sandboxAcquirerTransactions(validate(listRequest, parseJsonBody(raw)));
  const body = JSON.stringify(page);
  return jsonResponse(page, 200, { [SANDBOX_SIGNATURE_HEADER]: signListAnswer(sandboxStoreKey(), raw, body) });
});
