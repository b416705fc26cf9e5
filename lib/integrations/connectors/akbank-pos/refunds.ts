import { formatLocalIso } from "@/lib/base/time/format";
import { readMinorUnits } from "../amount-format";
import { PartnerCallError, type CardOrderRef, type RefundInquiry, type RefundResult } from "../ports";
import { callApi, SUCCESS, type AkbankAnswer } from "./client";
import type { AkbankPosConfig } from "./config";
import {
  AKBANK_ANSWERED_AMOUNT,
  akbankOrderIdOf,
  cancelRequest,
  orderHistoryRequest,
  refundRequest,
} from "./request-mapper";
import {
  errorOf,
  isVoided,
  madeRefunds,
  readOrderHistory,
  referenceOf,
  refundedMinor,
  saleOf,
  type HistoryLine,
} from "./response-mapper";

/**
 * Giving money back through Akbank's API, which tells two operations apart: a **cancel** (1003, "iptal") takes back
 * the whole sale before the terminal's end of day and leaves no trace on the card; a **refund** (1002, "iade")
 * gives back part or all of a sale after it. The order's history (1010) is read first: it says whether the sale
 * went through, whether it was cancelled already, and what its refunds gave back.
 *
 * The history publishes no settlement mark, but Akbank closes each terminal's day every night: a sale of an earlier
 * Turkish day is settled (refund). For the whole of a sale of today nothing was refunded from, a cancel is sent; if
 * the bank refuses it (the day may have been closed early), the refund is sent instead. Anything else is refunded:
 * a partial refund of an unsettled sale is the bank's to refuse, said, to be asked again after the end of day.
 */
type Order = CardOrderRef & { refundId: string };

export type History = { lines: HistoryLine[]; akbankId: string };

/** The order's transactions at the bank, or "none" when it has no record of the order. */
export async function orderHistory(config: AkbankPosConfig, order: { orderId: string }): Promise<History | "none"> {
  const akbankId = akbankOrderIdOf(order.orderId);
  const answer = await callApi(config, "transaction/process", orderHistoryRequest(config, akbankId));
  const lines = readOrderHistory(answer, akbankId);
  if (lines === "none") return "none";
  if (!lines)
    throw new PartnerCallError({
      kind: "retry",
      reason: `Akbank order history failed: ${answer.responseCode} ${answer.responseMessage.slice(0, 200)}`.trim(),
    });
  return { lines, akbankId };
}

function refused(code: string, message: string): RefundResult {
  return { ok: false, error: { code, message } };
}

function bankRefusal(answer: AkbankAnswer): RefundResult {
  const said = answer.responseMessage ? ` (${answer.responseMessage.slice(0, 200)})` : "";
  const host = answer.json.hostResponseCode;
  const code = typeof host === "string" && /^\d{2}$/.test(host) && host !== "00" ? host : answer.responseCode;
  return refused(code || errorOf({}).code, `Refund refused by the bank${said}`);
}

/** Today in Turkey, as the history's txnDateTime writes a day. */
const turkishDay = (now: Date) => formatLocalIso(now, "Europe/Istanbul").slice(0, 10);

export async function refund(config: AkbankPosConfig, order: Order, amount: string): Promise<RefundResult> {
  const asked = readMinorUnits(amount, AKBANK_ANSWERED_AMOUNT);
  if (asked === null || asked <= 0n) return refused("INVALID_AMOUNT", "The refund's amount is not an amount");
  const history = await orderHistory(config, order);
  const sale = history === "none" ? null : saleOf(history.lines);
  if (history === "none" || !sale || sale.responseCode !== SUCCESS)
    return refused("NO_SALE", "The bank has no approved sale for this order");
  const refunded = refundedMinor(history.lines);
  if (isVoided(sale)) {
    // A cancel whose answer we lost looks exactly like this: the whole sale given back.
    if (asked === sale.amountMinor && refunded === 0n) return { ok: true, partnerReference: sale.rrn };
    return refused("VOIDED", "The sale was cancelled at the bank: nothing is left to refund");
  }
  if (asked > sale.amountMinor - refunded)
    return refused("MORE_THAN_LEFT", "The bank has less left of this sale than the refund asks");

  const whole = asked === sale.amountMinor && refunded === 0n;
  if (whole && sale.txnDateTime.slice(0, 10) >= turkishDay(new Date())) {
    const cancel = await callApi(config, "transaction/process", cancelRequest(config, history.akbankId));
    if (cancel.responseCode === SUCCESS) return { ok: true, partnerReference: sale.rrn };
  }
  const answer = await callApi(
    config,
    "transaction/process",
    refundRequest(config, history.akbankId, amount, order.currency),
  );
  if (answer.responseCode !== SUCCESS) return bankRefusal(answer);
  const transaction = answer.json.transaction as Record<string, unknown> | undefined;
  return { ok: true, partnerReference: referenceOf(transaction?.rrn) };
}

/**
 * Was a refund whose call got no answer made? Akbank lists an order's refunds (each with its own host reference)
 * but not our refund id, so the answer is a refund of that amount that went through and is not among the references
 * already recorded here; for the whole amount, a cancelled sale is one too. A refund of the same amount made in the
 * bank's portal would be taken for ours: that errs towards recording a refund, never towards paying one twice.
 */
export async function inquireRefund(
  config: AkbankPosConfig,
  order: CardOrderRef,
  asked: { refundId: string; amount: string; recorded: readonly string[] },
): Promise<RefundInquiry> {
  const history = await orderHistory(config, order);
  // The sale is ours and was approved: a bank without any record of the order cannot have refunded it.
  if (history === "none") return { status: "not_made" };
  const wanted = readMinorUnits(asked.amount, AKBANK_ANSWERED_AMOUNT);
  const fresh = (reference: string | null) => reference === null || !asked.recorded.includes(reference);
  const made = madeRefunds(history.lines).find((line) => line.amountMinor === wanted && fresh(line.rrn));
  if (made) return { status: "made", partnerReference: made.rrn };
  const sale = saleOf(history.lines);
  if (sale && sale.responseCode === SUCCESS && isVoided(sale) && wanted === sale.amountMinor && fresh(sale.rrn))
    return { status: "made", partnerReference: sale.rrn };
  return { status: "not_made" };
}
