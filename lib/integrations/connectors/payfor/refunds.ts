import { minorUnitsFor } from "../amount-format";
import { PartnerCallError, type RefundResult } from "../ports";
import { callApi } from "./client";
import type { PayforConfig } from "./config";
import { fieldsOf } from "./payfor-xml";
import { orderHistoryRequest, PAYFOR_AMOUNT, payforOrderIdOf, refundRequest, voidRequest } from "./request-mapper";
import { readHistory, refundedMinor, saleOf, voidOf, type HistoryLine } from "./response-mapper";

/**
 * Giving money back through PayFor, which tells two operations apart: a **Void** ("iptal") cancels a sale while its
 * batch is still open (the day's, until the end-of-day batch close), leaves no trace on the card and is whole; a
 * **Refund** ("iade") gives back part or all of a sale in a closed batch. PayFor refuses a refund in the sale's own
 * batch with V014 "Bu işlem geri alınamaz, lütfen asıl işlemi iptal edin" (mewebstudio/pos's refund fixture and
 * success_pay_refund_fail_response.json; "Satış işlemi ile farklı batchlerde olmalıdır", PayForPos::refund).
 *
 * The order's history (TxnHistory by OrderId) is read first: it names the sale, what was given back already, and
 * whether the sale's batch is closed (ExtraParameters' IsBatchClosed; a line without it: a sale of an earlier
 * Turkish day is in a closed batch). The whole amount of a sale in an open batch nothing was refunded from is
 * voided; anything else is refunded, and a refund of the whole amount PayFor answers V014 is voided as PayFor's
 * answer asks. A partial refund in the sale's own batch is refused by the bank and said so, to be asked again
 * after the end of day. A sale already voided is reported as given back for the whole amount (a void whose answer
 * we lost looks exactly like that).
 */
type Order = { orderId: string; amount: string; currency: string; partnerReference: string | null };

const REFUND_AFTER_VOID = "V014";

function refused(code: string, message: string): RefundResult {
  return { ok: false, error: { code, message } };
}

/** Today in Turkey (UTC+3 all year since 2016), as PayFor writes ReqDate: YYYYMMDD. */
function turkishDay(now: Date): string {
  return new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 10).replace(/-/g, "");
}

function batchOpen(sale: HistoryLine, now: Date): boolean {
  if (sale.batchClosed !== null) return !sale.batchClosed;
  return sale.reqDate === turkishDay(now);
}

/** The order's transactions at the bank, "none" when PayFor has no record of it. */
export async function orderHistory(config: PayforConfig, order: { orderId: string }): Promise<HistoryLine[] | "none"> {
  const { root } = await callApi(
    config,
    orderHistoryRequest(config, payforOrderIdOf(order.orderId)),
    "TxnHistoryReport",
  );
  try {
    return readHistory(root);
  } catch (error) {
    throw new PartnerCallError({ kind: "retry", reason: (error as Error).message });
  }
}

async function giveBack(
  config: PayforConfig,
  request: Record<string, string>,
): Promise<{ code: string; reference: string | null; message: string }> {
  const { root } = await callApi(config, request, "PayforResponse");
  const fields = fieldsOf(root);
  const code = fields.ProcReturnCode ?? "";
  if (!code) throw new PartnerCallError({ kind: "retry", reason: "PayFor answered without a ProcReturnCode" });
  return { code, reference: fields.HostRefNum || null, message: fields.ErrMsg ?? "" };
}

export async function refund(
  config: PayforConfig,
  order: Order & { refundId: string },
  amount: string,
  now = new Date(),
): Promise<RefundResult> {
  const asked = minorUnitsFor(amount, PAYFOR_AMOUNT);
  const history = await orderHistory(config, order);
  const sale = history === "none" ? null : saleOf(history);
  if (history === "none" || !sale || sale.code !== "00")
    return refused("NO_SALE", "The bank has no approved sale for this order");
  const voidLine = voidOf(history);
  if (sale.voided || voidLine) {
    if (asked === sale.amountMinor && refundedMinor(history) === 0n)
      return { ok: true, partnerReference: voidLine?.reference || sale.reference || null };
    return refused("VOIDED", "The sale was voided at the bank: nothing is left to refund");
  }
  const left = sale.amountMinor - refundedMinor(history);
  if (asked > left) return refused("MORE_THAN_LEFT", "The bank has less left of this sale than the refund asks");

  const bankId = payforOrderIdOf(order.orderId);
  const whole = asked === sale.amountMinor && left === sale.amountMinor;
  const voidIt = () => giveBack(config, voidRequest(config, bankId, order.currency));
  let answer =
    whole && batchOpen(sale, now)
      ? await voidIt()
      : await giveBack(config, refundRequest(config, bankId, amount, order.currency));
  if (answer.code === REFUND_AFTER_VOID && whole) answer = await voidIt();
  if (answer.code !== "00") {
    const said = answer.message ? ` (${answer.message.slice(0, 200)})` : "";
    return refused(answer.code, `Refund refused by the bank${said}`);
  }
  return { ok: true, partnerReference: answer.reference };
}

/** Whether a refund was made at the bank: made (with its reference there) or not made. */
export type RefundFound = { status: "made"; partnerReference: string | null } | { status: "not_made" };

/**
 * Was a refund whose call got no answer made? PayFor lists an order's voids and refunds (with their references)
 * but not our refund id, so the answer is a void or refund of that amount that went through and is not among the
 * references already recorded here (`recorded`). A refund of the same amount made in the PayFor panel would be
 * taken for ours: that errs towards recording a refund, never towards paying one twice.
 */
export async function inquireRefund(
  config: PayforConfig,
  order: { orderId: string },
  asked: { refundId: string; amount: string; recorded: readonly string[] },
): Promise<RefundFound> {
  const history = await orderHistory(config, order);
  if (history === "none") return { status: "not_made" };
  const wanted = minorUnitsFor(asked.amount, PAYFOR_AMOUNT);
  const fresh = (line: HistoryLine) => line.code === "00" && !asked.recorded.includes(line.reference);
  const refundLine = history.find((line) => line.type === "Refund" && fresh(line) && line.amountMinor === wanted);
  if (refundLine) return { status: "made", partnerReference: refundLine.reference || null };
  const sale = saleOf(history);
  if (!sale || wanted !== sale.amountMinor) return { status: "not_made" };
  const voidLine = history.find((line) => line.type === "Void" && fresh(line));
  if (voidLine) return { status: "made", partnerReference: voidLine.reference || null };
  return { status: "not_made" };
}
