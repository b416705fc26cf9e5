import { minorUnitsFor } from "../amount-format";
import { PartnerCallError, type RefundResult } from "../ports";
import { callApi, type GvpsAnswer } from "./client";
import type { GarantiConfig } from "./config";
import { textAt } from "./gvps-xml";
import { GVP_KURUS, gvpOrderIdsFor, historyRequest, refundRequest, voidRequest } from "./request-mapper";
import { isNoRecord, readHistory, refundedMinor, saleOf, type HistoryLine } from "./response-mapper";

/**
 * Giving money back through GVP, which tells two operations apart: a **void** ("iptal") cancels a sale of the
 * day before the end-of-day settlement, leaves no trace on the card and is whole; a **refund** ("iade")
 * gives back part or all of a settled sale (GVP refuses a refund of a sale not yet settled). Both come from
 * the refund user. The order's history (orderhistoryinq) is read first: it names the sale's host reference
 * both need, says whether it is settled, and what was given back already.
 *
 * So: the whole amount of an unsettled sale nothing was refunded from is voided; anything else is refunded
 * (a partial refund on the day of the sale is refused by the bank and said so, to be asked again after the
 * end of day). A sale already voided at the bank is reported as given back for the whole amount (a void whose
 * answer we lost looks exactly like that).
 */
type Order = { orderId: string; amount: string; partnerReference: string | null; refundId: string; currency?: string };

function refused(code: string, message: string): RefundResult {
  return { ok: false, error: { code, message } };
}

function bankRefusal(answer: GvpsAnswer): RefundResult {
  const said = answer.message ? ` (${answer.message.slice(0, 200)})` : "";
  return refused(answer.reasonCode || answer.code, `Refund refused by the bank${said}`);
}

/** An order's transactions at the bank, with the id GVP holds it under. */
type History = HistoryLine[] & { gvpId: string };

/**
 * The order's transactions at the bank, with the id GVP holds it under (gvpOrderIdsFor: asked in turn), "none"
 * when it has a record under none of them.
 */
export async function orderHistory(
  config: GarantiConfig,
  order: { orderId: string; partnerReference?: string | null },
  currency: string,
): Promise<History | "none"> {
  for (const gvpId of gvpOrderIdsFor(order)) {
    const answer = await callApi(config, historyRequest(config, gvpId, currency));
    if (isNoRecord(answer)) continue;
    const lines = readHistory(answer);
    if (!lines)
      throw new PartnerCallError({
        kind: "retry",
        reason: `Garanti history query failed: ${answer.code} ${answer.message.slice(0, 200)}`,
      });
    return Object.assign(lines, { gvpId });
  }
  return "none";
}

export async function refund(config: GarantiConfig, order: Order, amount: string): Promise<RefundResult> {
  const currency = order.currency ?? "TRY";
  const asked = minorUnitsFor(amount, GVP_KURUS);
  const history = await orderHistory(config, order, currency);
  const sale = history === "none" ? null : saleOf(history);
  if (history === "none" || !sale || sale.status !== "00")
    return refused("NO_SALE", "The bank has no approved sale for this order");
  const voidLine = history.find((line) => line.type === "void" && line.status === "00");
  if (sale.voided || voidLine) {
    if (asked === sale.amountMinor && refundedMinor(history) === 0n)
      return { ok: true, partnerReference: voidLine?.retrefNum || sale.retrefNum || null };
    return refused("VOIDED", "The sale was voided at the bank: nothing is left to refund");
  }
  const left = sale.amountMinor - refundedMinor(history);
  if (asked > left) return refused("MORE_THAN_LEFT", "The bank has less left of this sale than the refund asks");

  const whole = asked === sale.amountMinor && left === sale.amountMinor;
  const request =
    !sale.settled && whole
      ? voidRequest(config, history.gvpId, sale.retrefNum, currency)
      : refundRequest(config, history.gvpId, amount, sale.retrefNum, currency);
  const answer = await callApi(config, request);
  if (answer.code !== "00") return bankRefusal(answer);
  return { ok: true, partnerReference: textAt(answer.root, "Transaction", "RetrefNum") || null };
}

/** Whether a refund was made at the bank: made (with its reference there) or not made. */
export type RefundFound = { status: "made"; partnerReference: string | null } | { status: "not_made" };

/**
 * Was a refund whose call got no answer made? GVP lists an order's voids and refunds (with their host
 * references) but not our refund id, so the answer is a void or refund of that amount that went through and
 * is not among the references already recorded here (`recorded`). A refund of the same amount made at the GVP
 * panel would be taken for ours: that errs towards recording a refund, never towards paying one twice. Matches
 * the card port's `inquireRefund` of the unanswered-refund work, to be wired when that lands.
 */
export async function inquireRefund(
  config: GarantiConfig,
  order: { orderId: string; partnerReference?: string | null; currency?: string },
  asked: { refundId: string; amount: string; recorded: readonly string[] },
): Promise<RefundFound> {
  const history = await orderHistory(config, order, order.currency ?? "TRY");
  if (history === "none") return { status: "not_made" };
  const wanted = minorUnitsFor(asked.amount, GVP_KURUS);
  const sale = saleOf(history);
  const fresh = (line: HistoryLine) => line.status === "00" && !asked.recorded.includes(line.retrefNum);
  const refundLine = history.find((line) => line.type === "refund" && fresh(line) && line.amountMinor === wanted);
  if (refundLine) return { status: "made", partnerReference: refundLine.retrefNum || null };
  if (!sale || wanted !== sale.amountMinor) return { status: "not_made" };
  const voids = history.filter((line) => line.type === "void" && line.status === "00");
  // A void is listed as a line of its own; a sale marked voided without one is named by the sale's reference.
  const voidLine = voids.find(fresh);
  if (voidLine) return { status: "made", partnerReference: voidLine.retrefNum || null };
  if (voids.length === 0 && sale.voided && !asked.recorded.includes(sale.retrefNum))
    return { status: "made", partnerReference: sale.retrefNum || null };
  return { status: "not_made" };
}
