import { minorUnitsFor } from "../amount-format";
import { PartnerCallError, type CardOrderRef, type RefundInquiry, type RefundResult } from "../ports";
import { callApi } from "./client";
import type { EstConfig } from "./config";
import { EST_AMOUNT, historyRequest, refundRequest } from "./request-mapper";
import { isMadeCredit, isNoRecord, readOrderHistory } from "./response-mapper";

/**
 * Refunds through the EST XML API. A Credit names the sale by its order id and carries no id of its own, so
 * the bank cannot tell a retried refund from a second one: a refund whose call got no answer is settled by
 * the order's history (ORDERHISTORY lists each refund of the order with its TransId) before anything is
 * sent again, and the core sends it again only after the history showed it was not made.
 */

export async function refund(
  config: EstConfig,
  order: CardOrderRef & { refundId: string },
  amount: string,
): Promise<RefundResult> {
  const response = await callApi(config, refundRequest(config, order.orderId, amount, order.currency));
  if (response.fields.Response === "Approved" && response.fields.ProcReturnCode === "00") {
    return { ok: true, partnerReference: response.fields.TransId?.trim() || null };
  }
  const errorCode =
    response.extra.ERRORCODE?.trim() ||
    response.fields.ERRORCODE?.trim() ||
    response.fields.ProcReturnCode?.trim() ||
    "EST_ERROR";
  const reason = response.fields.ErrMsg?.trim();
  return {
    ok: false,
    error: {
      code: errorCode,
      message: reason ? `Refund refused by the bank (${reason.slice(0, 200)})` : "Refund refused by the bank",
    },
  };
}

/**
 * Was the unanswered refund made? The order's refunds that gave money back, less those already recorded
 * here (by TransId): one of the refund's amount is it (made); none is "not made". The bank lists refunds by
 * order, not by our refund id, so a refund made at the bank's own panel for the same amount would be taken
 * for ours: that errs towards recording a refund, never towards paying a second one.
 */
export async function inquireRefund(
  config: EstConfig,
  order: CardOrderRef,
  asked: { refundId: string; amount: string; recorded: readonly string[] },
): Promise<RefundInquiry> {
  const response = await callApi(config, historyRequest(config, order.orderId));
  // The sale is ours and settled: a bank without any record of the order cannot have refunded it.
  if (isNoRecord(response)) return { status: "not_made" };
  if (response.fields.ProcReturnCode !== "00")
    throw new PartnerCallError({
      kind: "retry",
      reason: `EST history query failed: ${(response.fields.ErrMsg ?? "no answer").slice(0, 200)}`,
    });
  const named = response.fields.OrderId?.trim();
  if (named && named !== order.orderId)
    throw new PartnerCallError({ kind: "retry", reason: "EST history answer names another order" });
  const history = readOrderHistory(response.extra);
  if (!history) throw new PartnerCallError({ kind: "retry", reason: "EST history answer could not be read" });
  const wanted = minorUnitsFor(asked.amount, EST_AMOUNT);
  const found = history.find(
    (entry) => isMadeCredit(entry) && entry.amountMinor === wanted && !asked.recorded.includes(entry.transId),
  );
  return found ? { status: "made", partnerReference: found.transId || null } : { status: "not_made" };
}
