import { amountOfMinorUnits, readMinorUnits } from "../amount-format";
import { ISO8583_RESULTS, resultCodeError } from "../iso8583-results";
import { cardShownOfMasked, type PartnerError, type PaymentOutcome } from "../ports";
import { declineOfReturn, judgeApproval, MD_NO_AUTHENTICATION } from "../three-d-secure";
import type { GvpsAnswer } from "./client";
import { child, childrenNamed, textAt } from "./gvps-xml";
import { GVP_ANSWERED_KURUS } from "./request-mapper";

/**
 * GVP's answers in our words. A sale is paid only when the bank approved it (procreturncode 00, response
 * Approved) after full 3-D Secure (mdStatus 1). In 3D_OOS_PAY the bank provisions the sale itself after its
 * own 3-D check, so an approval under half 3-D (mdStatus 2-4) is money taken: paid where the dealer accepts
 * half 3-D (`acceptHalf3D`), otherwise the payment fails with HALF_3D and the message says the bank charged.
 */

/** Host result codes (ISO 8583) and GVP's own 92, in plain English. */
const CODE_MESSAGES: Record<string, string> = {
  ...ISO8583_RESULTS,
  "09": "Try again",
  "28": "Declined by the bank",
  "92": "Invalid transaction for the virtual POS",
};

/** mdStatus, GVP's 3-D Secure verdict: 1 full, 2-4 half, 0 and 5-9 no authentication. */
const MD_STATUS_MESSAGES: Record<string, string> = {
  ...MD_NO_AUTHENTICATION,
  "9": "Merchant not enrolled for 3-D Secure",
};

export function codeError(code: string | undefined, bankMessage?: string): PartnerError {
  return resultCodeError(code, bankMessage, CODE_MESSAGES, "GARANTI_ERROR");
}

/**
 * A verified return (signature, terminal, order, amount already checked) as an outcome. `signed`: the fields its
 * hashparams named. GVP posts the card as MaskedPan ("428220***8015") but its published hashparams leave it out: the
 * card is shown only from a return whose list names it, never from an unsigned field.
 */
export function mapReturn(
  fields: Record<string, string>,
  amount: string,
  acceptHalf3D: boolean,
  signed: ReadonlySet<string> = new Set(),
): PaymentOutcome {
  const mdStatus = (fields.mdstatus ?? "").trim();
  const reference = fields.hostrefnum?.trim() || null;
  if (fields.procreturncode === "00" && fields.response === "Approved") {
    const card = signed.has("MaskedPan") ? cardShownOfMasked(fields.MaskedPan) : null;
    const approved = {
      status: "approved" as const,
      amount,
      partnerReference: reference,
      authCode: fields.authcode?.trim() || null,
      ...(card ? { card } : {}),
    };
    return judgeApproval(approved, mdStatus, acceptHalf3D);
  }
  return declineOfReturn(mdStatus, reference, MD_STATUS_MESSAGES, () =>
    codeError(fields.procreturncode?.trim(), fields.errmsg),
  );
}

/** One line of orderhistoryinq's OrderTxnList: a sale, void or refund of the order as GVP lists it. */
export type HistoryLine = {
  type: string;
  /** "00" for a transaction that went through. */
  status: string;
  returnCode: string;
  amountMinor: bigint;
  currencyCode: string;
  retrefNum: string;
  authCode: string;
  voided: boolean;
  /** Past GVP's end of day: only a refund gives it back, never a void (settledOf). */
  settled: boolean;
};

/** Today in Turkey (UTC+3 all year since 2016), as GVP writes a date: YYYYMMDD. */
function turkishDay(now: Date): string {
  return new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 10).replace(/-/g, "");
}

/**
 * Whether a history line is past GVP's end of day. GVP does not publish its `Settlement` marker's values: "N" is
 * taken as the bank saying "not settled", any other mark ("Y", "E", ...) as settled, and without a mark a sale
 * authorised on an earlier Turkish day is settled (the end of day runs every night). Erring towards "settled"
 * sends a refund, which GVP refuses for a sale of the day (said, to be asked again), never a void of a settled sale.
 */
function settledOf(marker: string, authDate: string, now: Date): boolean {
  if (marker === "N") return false;
  if (marker !== "") return true;
  const day = authDate.replace(/\D/g, "").slice(0, 8);
  return /^\d{8}$/.test(day) && day < turkishDay(now);
}

/** True when GVP says it has no record of the order (92 with reason 0108 or 0110). */
export function isNoRecord(answer: GvpsAnswer): boolean {
  return (
    answer.code === "92" &&
    (answer.reasonCode === "0108" ||
      answer.reasonCode === "0110" ||
      /bulunamad|bulunmamaktad|not found/i.test(answer.message))
  );
}

/** The order's transactions, or null when the answer is not a history this reader understands. */
export function readHistory(answer: GvpsAnswer, now = new Date()): HistoryLine[] | null {
  if (answer.code !== "00") return null;
  const list = child(answer.root, "Order", "OrderHistInqResult", "OrderTxnList");
  if (!list) return null;
  const lines: HistoryLine[] = [];
  for (const txn of childrenNamed(list, "OrderTxn")) {
    const amountMinor = readMinorUnits(textAt(txn, "AuthAmount"), GVP_ANSWERED_KURUS);
    if (amountMinor === null) return null;
    lines.push({
      type: textAt(txn, "Type").toLowerCase(),
      status: textAt(txn, "Status"),
      returnCode: textAt(txn, "ReturnCode"),
      amountMinor,
      currencyCode: textAt(txn, "CurrencyCode"),
      retrefNum: textAt(txn, "RetrefNum"),
      authCode: textAt(txn, "AuthCode"),
      voided: textAt(txn, "VoidDate") !== "",
      settled: settledOf(textAt(txn, "Settlement").toUpperCase(), textAt(txn, "AuthDate"), now),
    });
  }
  return lines;
}

/** The sale that took the money (approved), else the last sale tried, else none. */
export function saleOf(lines: readonly HistoryLine[]): HistoryLine | null {
  const sales = lines.filter((line) => line.type === "sales");
  return sales.find((line) => line.status === "00") ?? sales.at(-1) ?? null;
}

/** Minor units given back by the order's refunds that went through (voids return the whole sale). */
export function refundedMinor(lines: readonly HistoryLine[]): bigint {
  return lines
    .filter((line) => line.type === "refund" && line.status === "00")
    .reduce((sum, line) => sum + line.amountMinor, 0n);
}

/**
 * The order's state from its history: the approved sale is paid (voided: cancelled), a sale that did not go
 * through is declined with the bank's code, no sale at all is "not found".
 */
export function mapHistory(lines: readonly HistoryLine[]): PaymentOutcome {
  const sale = saleOf(lines);
  if (!sale) return { status: "not_found" };
  const reference = sale.retrefNum || null;
  if (sale.status !== "00")
    return { status: "declined", error: codeError(sale.returnCode || undefined), partnerReference: reference };
  if (sale.voided || lines.some((line) => line.type === "void" && line.status === "00")) {
    return {
      status: "cancelled",
      error: { code: "VOIDED", message: "Voided at the bank" },
      partnerReference: reference,
    };
  }
  const amount = amountOfMinorUnits(sale.amountMinor);
  return { status: "approved", amount, partnerReference: reference, authCode: sale.authCode || null };
}
