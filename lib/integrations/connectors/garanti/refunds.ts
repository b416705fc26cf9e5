import { PartnerCallError, type RefundResult } from "../ports";
import { callApi, type GvpsAnswer } from "./client";
import type { GarantiConfig } from "./config";
import { textAt } from "./gvps-xml";
import { historyRequest, minorAmount, refundRequest, voidRequest } from "./request-mapper";
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

/** The order's transactions at the bank, "none" when it has no record of the order. */
export async function orderHistory(config: GarantiConfig, orderId: string, currency: string): Promise<HistoryLine[] | "none"> {
  const answer = await callApi(config, historyRequest(config, orderId, currency));
  if (isNoRecord(answer)) return "none";
  const lines = readHistory(answer);
  if (!lines) throw new PartnerCallError({ kind: "retry", reason: `Garanti history query failed: ${answer.code} ${answer.message.slice(0, 200)}` });
  return lines;
}

export async function refund(config: GarantiConfig, order: Order, amount: string): Promise<RefundResult> {
  const currency = order.currency ?? "TRY";
  const asked = BigInt(minorAmount(amount));
  const history = await orderHistory(config, order.orderId, currency);
  const sale = history === "none" ? null : saleOf(history);
  if (history === "none" || !sale || sale.status !== "00") return refused("NO_SALE", "The bank has no approved sale for this order");
  const voidLine = history.find((line) => line.type === "void" && line.status === "00");
  if (sale.voided || voidLine) {
    if (asked === sale.amountMinor && refundedMinor(history) === 0n) return { ok: true, partnerReference: voidLine?.retrefNum || sale.retrefNum || null };
    return refused("VOIDED", "The sale was voided at the bank: nothing is left to refund");
  }
  const left = sale.amountMinor - refundedMinor(history);
  if (asked > left) return refused("MORE_THAN_LEFT", "The bank has less left of this sale than the refund asks");

  const whole = asked === sale.amountMinor && left === sale.amountMinor;
  const request = !sale.settled && whole ? voidRequest(config, order.orderId, sale.retrefNum, currency) : refundRequest(config, order.orderId, amount, sale.retrefNum, currency);
  const answer = await callApi(config, request);
  if (answer.code !== "00") return bankRefusal(answer);
  return { ok: true, partnerReference: textAt(answer.root, "Transaction", "RetrefNum") || null };
}
