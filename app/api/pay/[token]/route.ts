import { ApiError } from "@/lib/edge/http/api-error";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { effectiveStatus, loadPayment } from "@/lib/edge/pay/load-payment";

/** The hosted page polls this for live status; the token in the path is the only credential. */
export const GET = withApiErrors(async (_req, { params }) => {
  const view = await loadPayment(String(params.token));
  if (!view) throw ApiError.plain(404, "Not found", "Unknown payment.");
  return jsonResponse({
    status: effectiveStatus(view),
    amount: view.amount,
    final_amount: view.finalAmount,
    expires_at: view.expiresAt,
    attempt: view.attemptState,
  });
});
