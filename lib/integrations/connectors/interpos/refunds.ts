import { amountOfMinorUnits, minorUnitsFor } from "../amount-format";
import { PartnerCallError, type CardOrderRef, type RefundInquiry, type RefundResult } from "../ports";
import { callApi } from "./client";
import type { InterposConfig } from "./config";
import { INTERPOS_AMOUNT, interposOrderIdOf, refundRequest, statusRequest, voidRequest } from "./request-mapper";
import { isNoRecord, readStatus, type SaleStatus } from "./response-mapper";

/**
 * Giving money back through InterVPOS, which tells two operations apart (mewebstudio's TX_TYPE_CANCEL "Void" and
 * TX_TYPE_REFUND "Refund"): a **void** ("iptal") cancels a sale before the bank's end of day and is whole; a
 * **refund** ("iade") gives back part or all of a sale after it. The sale's StatusHistory is read first: it says
 * whether the end of day has passed (TxnStatus S), whether the sale was voided and how much was refunded already.
 *
 * So: the whole amount of a sale of the day nothing was refunded from is voided; anything else is refunded (a partial
 * refund before the end of day is the bank's to refuse, and said so). A sale already voided is reported as given back
 * for the whole amount (a void whose answer we lost looks exactly like that).
 *
 * Neither a void nor a refund carries an id of ours, and StatusHistory lists only the refunded total, so the refund's
 * reference recorded here is the bank's TransId with the amount ("T123:40.00"): the amounts of the refunds recorded
 * are what `inquireRefund` subtracts from the bank's total.
 */

/** The reference a refund is recorded under: the bank's TransId and the amount given back. */
export function refundReference(transId: string, amount: string): string {
  return `${transId || "REFUND"}:${amount}`;
}

/** The amount a reference of refundReference names, in kuruş (0 for one it does not read). */
function amountOfReference(reference: string): bigint {
  const m = /:(\d{1,13}\.\d{2})$/.exec(reference);
  return m ? minorUnitsFor(m[1]!, INTERPOS_AMOUNT) : 0n;
}

/** The sale of our order at the bank, or "none" when the bank has no such order. */
export async function saleStatus(config: InterposConfig, orderId: string): Promise<SaleStatus | "none"> {
  const asked = interposOrderIdOf(orderId);
  const fields = await callApi(config, statusRequest(config, asked));
  if (isNoRecord(fields)) return "none";
  const sale = readStatus(fields);
  if (!sale)
    throw new PartnerCallError({
      kind: "retry",
      reason:
        `InterVPOS status query failed: ${fields.ProcReturnCode} ${(fields.ErrorMessage ?? "").slice(0, 200)}`.trim(),
    });
  if (sale.orderId && sale.orderId !== asked)
    throw new PartnerCallError({ kind: "retry", reason: "InterVPOS status answer names another order" });
  return sale;
}

function refused(code: string, message: string): RefundResult {
  return { ok: false, error: { code, message } };
}

export async function refund(
  config: InterposConfig,
  order: CardOrderRef & { refundId: string },
  amount: string,
): Promise<RefundResult> {
  const asked = minorUnitsFor(amount, INTERPOS_AMOUNT);
  const sale = await saleStatus(config, order.orderId);
  if (sale === "none" || sale.state === "declined" || sale.state === "pending")
    return refused("NO_SALE", "The bank has no approved sale for this order");
  if (sale.state === "voided") {
    if (asked === sale.amountMinor && sale.refundedMinor === 0n)
      return { ok: true, partnerReference: refundReference(sale.transId, amount) };
    return refused("VOIDED", "The sale was voided at the bank: nothing is left to refund");
  }
  const left = sale.amountMinor - sale.refundedMinor;
  if (asked > left) return refused("MORE_THAN_LEFT", "The bank has less left of this sale than the refund asks");
  const id = interposOrderIdOf(order.orderId);
  const whole = asked === sale.amountMinor && sale.refundedMinor === 0n;
  const answer = await callApi(
    config,
    !sale.settled && whole ? voidRequest(config, id) : refundRequest(config, id, amount, order.currency),
  );
  if (answer.ProcReturnCode === "00")
    return { ok: true, partnerReference: refundReference((answer.TransId ?? "").trim(), amount) };
  const code = answer.ProcReturnCode?.trim() || answer.ErrorCode?.trim() || "INTERPOS_ERROR";
  const said = [answer.ErrorCode?.trim(), answer.ErrorMessage?.trim()].filter(Boolean).join(" ");
  return refused(code, said ? `Refund refused by the bank (${said.slice(0, 200)})` : "Refund refused by the bank");
}

/**
 * Was a refund whose call got no answer made? The bank's total given back (the whole sale when voided, else
 * RefundedAmount) less the refunds already recorded here (their amounts, from their references): what is left of it
 * covers this refund, or it was not made. A refund made at the bank's panel meanwhile would be taken for ours: that
 * errs towards recording a refund, never towards paying one twice.
 */
export async function inquireRefund(
  config: InterposConfig,
  order: CardOrderRef,
  asked: { refundId: string; amount: string; recorded: readonly string[] },
): Promise<RefundInquiry> {
  const sale = await saleStatus(config, order.orderId);
  // The sale is ours and was paid: a bank without a record of it cannot say anything about its refunds.
  if (sale === "none") throw new PartnerCallError({ kind: "retry", reason: "InterVPOS has no record of the sale" });
  if (sale.state !== "approved" && sale.state !== "voided")
    throw new PartnerCallError({ kind: "retry", reason: "InterVPOS reports the sale as not approved" });
  const given = sale.state === "voided" ? sale.amountMinor : sale.refundedMinor;
  const recorded = asked.recorded.reduce((sum, reference) => sum + amountOfReference(reference), 0n);
  const wanted = minorUnitsFor(asked.amount, INTERPOS_AMOUNT);
  if (given - recorded < wanted) return { status: "not_made" };
  return { status: "made", partnerReference: refundReference(sale.transId, amountOfMinorUnits(wanted)) };
}
