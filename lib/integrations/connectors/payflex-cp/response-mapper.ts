import { amountOfMinorUnits, readMinorUnits } from "../amount-format";
import { ISO8583_RESULTS } from "../iso8583-results";
import { cardShownOfMasked, type PartnerError, type PaymentOutcome } from "../ports";
import { approvalOfUnsigned3D } from "../three-d-secure";
import { currencyAlpha, PAYFLEX_ANSWERED_AMOUNT } from "./request-mapper";
import { childrenNamed, leaves, one, textOf, type XmlElement } from "./xml";

/**
 * PayFlex's answers in our words. Result codes are four digits, "0000" approved (PROCEDURE_SUCCESS_CODE of both
 * mewebstudio/pos mappers); a card's bank's ISO 8583 answer shows as "00" + its two digits ("0057" "RED-KARTIN İŞLEM
 * İZNİ YOK", PayFlexCPV4PosResponseDataMapperTest), which we word as ISO 8583 does. PayFlex's own codes (1059 "already
 * refunded", 1083 "already cancelled", 9039/9065 "merchant not found") keep the bank's words.
 */
export const APPROVED = "0000";

/** PayFlex's own codes that mean the merchant's credentials were refused (PayFlexV4PosResponseDataMapper $codes). */
export const CREDENTIAL_CODES = new Set(["9039", "9065"]);

export function resultError(code: string, bankMessage?: string): PartnerError {
  const iso = /^00(\d{2})$/.exec(code)?.[1];
  const known = iso ? ISO8583_RESULTS[iso] : undefined;
  if (known) return { code, message: known };
  const said = bankMessage?.trim();
  return {
    code: code || "PAYFLEX_ERROR",
    message: said ? `Declined by the bank (${said.slice(0, 200)})` : "Declined by the bank",
  };
}

// ---------------------------------------------------------------- registration

export type Registration = { ok: true; url: string; token: string } | { ok: false; code: string; message: string };

/** RegisterTransaction's answer: CommonPaymentUrl and PaymentToken, or ErrorCode and ResponseMessage. */
export function readRegistration(root: XmlElement): Registration | null {
  const f = leaves(root);
  if (f.ErrorCode) return { ok: false, code: f.ErrorCode, message: f.ResponseMessage ?? "" };
  if (f.PaymentToken && f.CommonPaymentUrl) return { ok: true, url: f.CommonPaymentUrl, token: f.PaymentToken };
  return null;
}

// ---------------------------------------------------------------- 3-D Secure

type Level = "full" | "half" | "none";

/** ECI as the schemes define it: 05 (Visa) / 02 (Mastercard) authenticated, 06 / 01 an attempt, anything else none. */
function levelOfEci(eci: string): Level {
  if (eci === "05" || eci === "02") return "full";
  if (eci === "06" || eci === "01") return "half";
  return "none";
}

/**
 * An approval judged by the 3-D Secure level the bank's answer names: full is paid, half is paid where the dealer
 * accepts it, none (or half refused) was charged but is not accepted. No level named: approvalOfUnsigned3D decides.
 */
function judge(
  approved: Extract<PaymentOutcome, { status: "approved" }>,
  level: Level | undefined,
  acceptHalf3D: boolean,
) {
  if (level === undefined) return approvalOfUnsigned3D(approved, acceptHalf3D);
  if (level === "full") return { ...approved, threeDSecure: "full" as const };
  if (level === "half" && acceptHalf3D) return { ...approved, threeDSecure: "half" as const };
  return {
    status: "declined" as const,
    error:
      level === "half"
        ? { code: "HALF_3D", message: "Half 3-D Secure is not accepted for this dealer; the bank charged the card" }
        : { code: "NOT_3D", message: "Approved by the bank without 3-D Secure authentication; not accepted" },
    partnerReference: approved.partnerReference,
    chargedAnyway: true as const,
    ...(level === "half" ? { threeDSecure: "half" as const } : {}),
    charged: {
      amount: approved.amount,
      ...(approved.orderId !== undefined ? { orderId: approved.orderId } : {}),
      ...(approved.currency !== undefined ? { currency: approved.currency } : {}),
    },
  };
}

/**
 * The level the common payment query names. An ECI, where the answer carries one, says it. Otherwise the answer
 * repeats how the page was registered, as the bank holds it: IsSecure=True with AllowNotEnrolledCard=False means the
 * page sends no card to the virtual POS that is outside the 3-D programme (the bank's document, quoted in
 * PayFlexCPV4PosRequestDataMapper), so an approval there was authenticated; IsSecure=False was no 3-D at all;
 * AllowNotEnrolledCard=True may have been either (undefined: not said).
 */
export function levelOfPaymentAnswer(f: Record<string, string>): Level | undefined {
  const eci = (f.ECI ?? f.Eci ?? "").trim();
  if (eci) return levelOfEci(eci);
  const secure = f.IsSecure?.toLowerCase();
  const notEnrolled = f.AllowNotEnrolledCard?.toLowerCase();
  if (secure === "false") return "none";
  if (secure === "true" && notEnrolled === "false") return "full";
  return undefined;
}

// ---------------------------------------------------------------- the common payment query

export type Expected = { bankOrderId: string; amount: string; currency: string; merchantId: string };
export type Asked = { transactionId: string; paymentToken: string };

/**
 * The common payment query's answer (VposTransaction) about the transaction we asked for, as an outcome; a string
 * says why it cannot be taken (about another transaction, order, merchant or amount, or no answer about a payment).
 * Its fields are those of PayFlexCPV4PosResponseDataMapperTest: Rc, AuthCode, Rrn, Message, TransactionId,
 * PaymentToken, MaskedPan ("49384601****4205": the card an approval shows), HostMerchantId, AmountCode, Amount
 * ("1,01"), TransactionType, OrderID, IsSecure, AllowNotEnrolledCard, ErrorCode, ResponseMessage...
 */
export function mapPaymentAnswer(
  root: XmlElement,
  asked: Asked,
  expected: Expected,
  acceptHalf3D: boolean,
): PaymentOutcome | string {
  const f = leaves(root);
  const rc = f.Rc ?? "";
  // Only ErrorCode, no Rc: the query itself was refused (credentials, an unknown token), not a verdict on a payment.
  if (!rc)
    return `the bank answered no result${f.ErrorCode ? ` (${f.ErrorCode} ${f.ResponseMessage ?? ""})` : ""}`.trim();
  if (f.PaymentToken !== asked.paymentToken || (f.TransactionId && f.TransactionId !== asked.transactionId))
    return "the bank's answer is about another transaction";
  if (f.HostMerchantId && f.HostMerchantId !== expected.merchantId) return "the bank's answer is for another merchant";
  const reference = f.TransactionId || asked.transactionId;
  if (rc !== APPROVED)
    return { status: "declined", error: resultError(rc, f.Message || f.ResponseMessage), partnerReference: reference };
  if (f.OrderID !== expected.bankOrderId) return "the bank's approval names another order";
  if (f.TransactionType && f.TransactionType !== "Sale") return "the bank's approval is no sale";
  const minor = readMinorUnits(f.Amount ?? "", PAYFLEX_ANSWERED_AMOUNT);
  if (minor === null || amountOfMinorUnits(minor) !== expected.amount)
    return "the bank's approval is for another amount";
  if (currencyAlpha(f.AmountCode ?? "") !== expected.currency) return "the bank's approval is in another currency";
  const card = cardShownOfMasked(f.MaskedPan);
  return judge(
    {
      status: "approved",
      amount: expected.amount,
      partnerReference: reference,
      authCode: f.AuthCode || null,
      ...(card ? { card } : {}),
    },
    levelOfPaymentAnswer(f),
    acceptHalf3D,
  );
}

// ---------------------------------------------------------------- the virtual POS search

/** One TransactionSearchResultInfo of a search answer (PayFlexV4PosResponseDataMapperTest's status fixture). */
export type SearchRecord = Record<string, string>;
export type SearchAnswer = { code: string; message: string; records: SearchRecord[] };

/**
 * Search.aspx's answer: ResponseInfo (Status, ResponseCode, ResponseMessage) and, on success, the transactions, each a
 * TransactionSearchResultInfo inside one TransactionSearchResultInfo. Null when it is no search answer.
 */
export function readSearch(root: XmlElement): SearchAnswer | null {
  const info = one(root, "ResponseInfo");
  const code = textOf(info, "ResponseCode");
  if (!info || !code) return null;
  const list = one(root, "TransactionSearchResultInfo");
  const records = childrenNamed(list, "TransactionSearchResultInfo").map(leaves);
  return { code, message: textOf(info, "ResponseMessage"), records };
}

/** A search record's amount in minor units (CurrencyAmount, else Amount); null when it is no amount. */
export function answeredMinorUnits(r: SearchRecord): bigint | null {
  return readMinorUnits(r.CurrencyAmount || r.Amount || "", PAYFLEX_ANSWERED_AMOUNT);
}

export const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === "true";

export function isSale(r: SearchRecord): boolean {
  return r.TransactionType === "Sale";
}

/** A sale the bank approved (money taken, unless voided or reversed since). */
export function isApprovedSale(r: SearchRecord): boolean {
  return isSale(r) && r.ResultCode === APPROVED;
}

export function isUndone(r: SearchRecord): boolean {
  return isTrue(r.IsCanceled) || isTrue(r.IsReversed);
}

/**
 * The order's state from its search: the approved sale (voided or reversed: cancelled), else the last declined sale,
 * else not found. The search carries no 3-D Secure level unless it names an ECI: approvalOfUnsigned3D decides then.
 * Nor a card (PayFlexV4PosResponseDataMapperTest's search names no masked number): an approval found here shows none.
 * The answer's order id, amount and currency go to the core, which compares them with ours before applying.
 */
export function mapSearchStatus(
  answer: SearchAnswer,
  order: { orderId: string; bankOrderId: string },
  acceptHalf3D: boolean,
): PaymentOutcome | null {
  if (answer.code !== APPROVED) return null;
  const sales = answer.records.filter(isSale);
  const sale = sales.find(isApprovedSale);
  if (sale) {
    const reference = sale.TransactionId || null;
    if (isUndone(sale))
      return {
        status: "cancelled",
        error: { code: "VOIDED", message: "Voided at the bank" },
        partnerReference: reference,
      };
    const minor = readMinorUnits(sale.CurrencyAmount || sale.Amount || "", PAYFLEX_ANSWERED_AMOUNT);
    const currency = currencyAlpha(sale.AmountCode ?? "");
    if (minor === null || !currency) return null;
    const approved = {
      status: "approved" as const,
      amount: amountOfMinorUnits(minor),
      partnerReference: reference,
      authCode: sale.AuthCode || null,
      orderId: sale.OrderId === order.bankOrderId ? order.orderId : sale.OrderId || order.orderId,
      currency,
    };
    const eci = (sale.ECI ?? sale.Eci ?? "").trim();
    return judge(approved, eci ? levelOfEci(eci) : undefined, acceptHalf3D);
  }
  const declined = sales.at(-1);
  if (declined)
    return {
      status: "declined",
      error: resultError(declined.ResultCode ?? "", declined.ResponseMessage),
      partnerReference: declined.TransactionId || null,
    };
  return { status: "not_found" };
}

// ---------------------------------------------------------------- voids and refunds

export type VposResult = { code: string; detail: string; transactionId: string };

/** Vposreq.aspx's <VposResponse>: ResultCode, ResultDetail and the new transaction's TransactionId. */
export function readVposResponse(root: XmlElement): VposResult | null {
  if (root.name !== "VposResponse") return null;
  const f = leaves(root);
  if (!f.ResultCode) return null;
  return { code: f.ResultCode, detail: f.ResultDetail ?? "", transactionId: f.TransactionId ?? "" };
}
