import { minorUnitsFor } from "../amount-format";
import { PartnerCallError, type CardOrderRef, type RefundInquiry, type RefundResult } from "../ports";
import { postPrmstr } from "./client";
import type { PayflexCpConfig } from "./config";
import { RepeatedElement } from "./xml";
import { cancelRequest, PAYFLEX_AMOUNT, payflexOrderIdOf, refundRequest, searchRequest } from "./request-mapper";
import {
  answeredMinorUnits,
  APPROVED,
  isApprovedSale,
  isUndone,
  readSearch,
  readVposResponse,
  type SearchAnswer,
  type SearchRecord,
} from "./response-mapper";

/**
 * Giving money back through VakıfBank's virtual POS (PayFlexCPV4Pos has no refund: the Common Payment merchant is a
 * virtual POS merchant with the same credentials, PayFlexV4Pos::cancel and ::refund). Two operations: a void
 * (Cancel) undoes a whole sale before the bank's end of day and leaves no trace on the card; a refund (Refund) gives
 * back part or all of a sale. Both name the sale by the bank's TransactionId (ReferenceTransactionId), which the
 * order's search gives, with what was given back already.
 *
 * The whole of a sale nothing was refunded from is voided; a void the bank refuses (its day is closed: a definite
 * no, nothing was made) is followed by a refund of the whole. Anything else is a refund. Neither takes an id of ours,
 * so a refund whose call got no answer is settled by the order's search (inquireRefund) before anything is sent again.
 */

function refused(code: string, message: string): RefundResult {
  return { ok: false, error: { code, message } };
}

/** The order's transactions at the bank (the search by its order id); a failed search is "ask again later". */
export async function orderTransactions(config: PayflexCpConfig, orderId: string): Promise<SearchAnswer> {
  const { root } = await postPrmstr(
    config,
    config.queryUrl,
    "PayFlex search",
    searchRequest(config, payflexOrderIdOf(orderId)),
  );
  const answer = readable(() => readSearch(root));
  if (!answer) throw new PartnerCallError({ kind: "retry", reason: "PayFlex search answered no search result" });
  if (answer.code !== APPROVED)
    throw new PartnerCallError({
      kind: "retry",
      reason: `PayFlex search failed: ${answer.code} ${answer.message.slice(0, 200)}`.trim(),
    });
  return answer;
}

/** An answer naming one element twice is ambiguous: no answer, asked again later. */
function readable<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof RepeatedElement) return null;
    throw error;
  }
}

const amountOf = (r: SearchRecord) => answeredMinorUnits(r) ?? 0n;
const made = (r: SearchRecord, type: string) => r.TransactionType === type && r.ResultCode === APPROVED;

export function refundedMinor(records: SearchRecord[]): bigint {
  return records.filter((r) => made(r, "Refund")).reduce((sum, r) => sum + amountOf(r), 0n);
}

async function send(
  config: PayflexCpConfig,
  xml: string,
): Promise<{ code: string; detail: string; transactionId: string }> {
  const { root } = await postPrmstr(config, config.vposApiUrl, "PayFlex virtual POS", xml);
  const answer = readable(() => readVposResponse(root));
  if (!answer) throw new PartnerCallError({ kind: "retry", reason: "PayFlex virtual POS answered no VposResponse" });
  return answer;
}

export async function refund(
  config: PayflexCpConfig,
  order: CardOrderRef & { refundId: string },
  amount: string,
): Promise<RefundResult> {
  const { records } = await orderTransactions(config, order.orderId);
  const sale = records.find(isApprovedSale);
  if (!sale?.TransactionId) return refused("NO_SALE", "The bank has no approved sale for this order");
  const asked = minorUnitsFor(amount, PAYFLEX_AMOUNT);
  const saleMinor = amountOf(sale);
  const refunded = refundedMinor(records);
  if (isUndone(sale)) {
    if (asked === saleMinor && refunded === 0n) {
      const cancel = records.find((r) => made(r, "Cancel"));
      return { ok: true, partnerReference: cancel?.TransactionId || sale.TransactionId };
    }
    return refused("VOIDED", "The sale was voided at the bank: nothing is left to refund");
  }
  if (asked > saleMinor - refunded)
    return refused("MORE_THAN_LEFT", "The bank has less left of this sale than the refund asks");
  if (asked === saleMinor && refunded === 0n) {
    const voided = await send(config, cancelRequest(config, sale.TransactionId));
    if (voided.code === APPROVED) return { ok: true, partnerReference: voided.transactionId || null };
  }
  const answer = await send(config, refundRequest(config, sale.TransactionId, amount));
  if (answer.code === APPROVED) return { ok: true, partnerReference: answer.transactionId || null };
  const said = answer.detail ? ` (${answer.detail.slice(0, 200)})` : "";
  return refused(answer.code, `Refund refused by the bank${said}`);
}

/**
 * Was a refund whose call got no answer made? The order's search lists its refunds and voids with the bank's
 * TransactionIds but not our refund id: a refund of the amount that went through and is not among those recorded
 * here is it; for the whole amount, a void too. A refund of the same amount made in the bank's panel would be taken
 * for ours: that errs towards recording a refund, never towards paying one twice.
 */
export async function inquireRefund(
  config: PayflexCpConfig,
  order: CardOrderRef,
  asked: { refundId: string; amount: string; recorded: readonly string[] },
): Promise<RefundInquiry> {
  const { records } = await orderTransactions(config, order.orderId);
  const wanted = minorUnitsFor(asked.amount, PAYFLEX_AMOUNT);
  const fresh = (r: SearchRecord) => !asked.recorded.includes(r.TransactionId ?? "");
  const refundLine = records.find((r) => made(r, "Refund") && fresh(r) && amountOf(r) === wanted);
  if (refundLine) return { status: "made", partnerReference: refundLine.TransactionId || null };
  const sale = records.find(isApprovedSale);
  if (!sale || wanted !== amountOf(sale)) return { status: "not_made" };
  const cancels = records.filter((r) => made(r, "Cancel"));
  const cancel = cancels.find(fresh);
  if (cancel) return { status: "made", partnerReference: cancel.TransactionId || null };
  if (cancels.length === 0 && isUndone(sale) && fresh(sale))
    return { status: "made", partnerReference: sale.TransactionId || null };
  return { status: "not_made" };
}
