import { ApiError } from "@/lib/http/api-error";
import { jsonResponse } from "@/lib/http/json-response";
import { withApiErrors } from "@/lib/http/with-api-errors";
import { effectiveStatus, loadPayment } from "@/lib/pay/load-payment";

/** The hosted page polls this for live status; the token in the path is the only credential. */
export const GET = withApiErrors(async (_req, { params }) => {
  const view = await loadPayment(String(params.token));
  if (!view) throw ApiError.plain(404, "Not found", "Unknown payment.");
  return jsonResponse({ status: effectiveStatus(view), amount: view.amount, final_amount: view.finalAmount, expires_at: view.expiresAt });
});
