import { minorUnitsFor, readMinorUnits } from "../amount-format";
import { ISO8583_RESULTS } from "../iso8583-results";
import { cardShownOfMasked, PartnerCallError, type PartnerError, type PaymentOutcome } from "../ports";
import { approvalOfUnsigned3D, judgeApproval } from "../three-d-secure";
import { child, childrenNamed, fieldsOf, type XmlElement } from "./payfor-xml";
import { currencyCodeOrNull, PAYFOR_AMOUNT, PAYFOR_ANSWERED_AMOUNT } from "./request-mapper";

/**
 * PayFor's answers in our words. A sale is paid only when the bank approved it (ProcReturnCode 00) after full 3-D
 * Secure (3DStatus 1). In 3DHost the bank provisions the sale itself after its own 3-D step, so an approval under
 * half 3-D (3DStatus 2-4, mewebstudio/pos's "Half 3D Secure") is money taken: paid where the dealer accepts half 3-D
 * (`acceptHalf3D`), otherwise the payment fails with HALF_3D and the message says the bank charged.
 */

/** Host results (ISO 8583) and PayFor's own codes (mewebstudio/pos PayForPosResponseDataMapper), in plain English. */
const CODE_MESSAGES: Record<string, string> = {
  ...ISO8583_RESULTS,
  V000: "The transaction was not completed",
  V001: "Invalid merchant credentials",
  V004: "Invalid merchant credentials",
  V013: "The bank has no such transaction",
  V014: "Not refundable in the sale's own batch: the sale must be voided",
  V015: "Request rejected by the bank",
  V034: "3-D Secure authentication failed",
  MR15: "3-D Secure authorisation error",
  M041: "Rejected by the bank",
  M049: "Invalid merchant credentials",
  "101310": "The order id was already used at the bank",
};

export function codeError(code: string | undefined, bankMessage?: string): PartnerError {
  const known = code ? CODE_MESSAGES[code] : undefined;
  if (code && known) return { code, message: known };
  const said = bankMessage?.trim();
  return {
    code: code || "PAYFOR_ERROR",
    message: said ? `Declined by the bank (${said.slice(0, 200)})` : "Declined by the bank",
  };
}

/**
 * No verdict on the payment: V000 (the bank's "not completed / still in progress") and PayFor's six-digit codes,
 * with which the gateway refuses the request itself before any card step (101310, an order id already used: the
 * order may well hold an approved sale). The status inquiry settles those.
 */
export function isNoVerdict(code: string): boolean {
  return code === "V000" || /^\d{6}$/.test(code);
}

/**
 * A verified return (signature, merchant, order, amount, currency already checked) as an outcome. The return's
 * ResponseHash covers a fixed list (MerchantID, OrderId, AuthCode, ProcReturnCode, 3DStatus, ResponseRnd, UserCode)
 * that leaves its CardMask out: the card is never read from it.
 */
export function mapReturn(fields: Record<string, string>, amount: string, acceptHalf3D: boolean): PaymentOutcome {
  const threeD = (fields["3DStatus"] ?? "").trim();
  const code = (fields.ProcReturnCode ?? "").trim();
  const reference = fields.HostRefNum?.trim() || null;
  if (code === "00") {
    const approved = {
      status: "approved" as const,
      amount,
      partnerReference: reference,
      authCode: fields.AuthCode?.trim() || null,
    };
    return judgeApproval(approved, threeD, acceptHalf3D, { field: "3DStatus", codePrefix: "3D" });
  }
  if (isNoVerdict(code)) return { status: "pending" };
  return { status: "declined", error: codeError(code, fields.ErrMsg), partnerReference: reference };
}

/** What an inquiry may answer about a payment (a pre-authorisation included, which we never ask for). */
const INQUIRY_SALE_TYPES = new Set(["Auth", "PreAuth", "PostAuth"]);
const retry = (reason: string) => new PartnerCallError({ kind: "retry", reason });

/**
 * OrderInquiry's answer (PayForPosResponseDataMapperTest's status fixtures) about our order, as its state. An
 * approval must be of our order, amount and currency, else it throws "ask again later". The answer is the bank's own
 * to our authenticated call: its CardMask ("415565******6111") is the card the approval shows.
 */
export function mapInquiry(
  f: Record<string, string>,
  order: { bankId: string; amount: string; currency: string },
  acceptHalf3D: boolean,
): PaymentOutcome {
  const code = f.ProcReturnCode ?? "";
  if (!code) throw retry("PayFor answered the inquiry without a ProcReturnCode");
  // V013 "Seçili İşlem Bulunamadı": PayFor holds no transaction of this order id.
  if (code === "V013") return { status: "not_found" };
  if (isNoVerdict(code)) return { status: "pending" };
  // A failed inquiry echoes itself (TxnType OrderInquiry): the bank said nothing about the payment.
  if (!INQUIRY_SALE_TYPES.has(f.TxnType ?? ""))
    throw retry(`PayFor refused the inquiry: ${code} ${(f.ErrMsg ?? "").slice(0, 200)}`.trim());
  if (f.OrderId && f.OrderId !== order.bankId) throw retry("PayFor answered the inquiry about another order");
  const reference = f.HostRefNum || f.F37 || null;
  if (code !== "00") return { status: "declined", error: codeError(code, f.ErrMsg), partnerReference: reference };
  // A pre-authorisation holds the money without taking it; we never ask for one.
  if (f.TxnType === "PreAuth") return { status: "pending" };
  if (readMinorUnits(f.PurchAmount ?? "", PAYFOR_ANSWERED_AMOUNT) !== minorUnitsFor(order.amount, PAYFOR_AMOUNT))
    throw retry("PayFor reports a sale of another amount for this order");
  if (f.Currency && f.Currency !== currencyCodeOrNull(order.currency))
    throw retry("PayFor reports a sale in another currency for this order");
  if (f.IsVoided === "true")
    return {
      status: "cancelled",
      error: { code: "VOIDED", message: "Voided at the bank" },
      partnerReference: reference,
    };
  const card = cardShownOfMasked(f.CardMask);
  // The inquiry carries no signed 3-D Secure level: nothing signed says this approval was full 3-D.
  return approvalOfUnsigned3D(
    {
      status: "approved",
      amount: order.amount,
      partnerReference: reference,
      authCode: f.AuthCode || null,
      currency: order.currency,
      ...(card ? { card } : {}),
    },
    acceptHalf3D,
  );
}

/** One PaymentRequest of a TxnHistoryReport: a sale, void or refund of an order as PayFor lists it. */
export type HistoryLine = {
  /** TxnType: Auth, PreAuth, PostAuth, Void, Refund, ... */
  type: string;
  orderId: string;
  /** ProcReturnCode: "00" went through. */
  code: string;
  amountMinor: bigint;
  /** ISO 4217 numeric, as listed. */
  currency: string;
  /** HostRefNum, or the RRN (F37) the history carries where HostRefNum is empty. */
  reference: string;
  authCode: string;
  /** Voided afterwards (TxnStatus V, a VoidDate). */
  voided: boolean;
  /** ExtraParameters' IsBatchClosed: true, false, or null where the line does not say. */
  batchClosed: boolean | null;
  /** ReqDate, YYYYMMDD (Turkish). */
  reqDate: string;
  /** InsertDatetime, Turkish local time ("2024-01-21T22:14:23"). */
  insertedAt: string;
  raw: Record<string, string>;
};

function extraParameters(record: XmlElement): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const pair of childrenNamed(child(record, "ExtraParameters"), "ArrayOfString")) {
    const [name, value] = childrenNamed(pair, "string").map((s) => s.text.trim());
    if (name) extra[name] = value ?? "";
  }
  return extra;
}

function unreadable(reason: string): never {
  throw new Error(`PayFor history: ${reason}`);
}

/**
 * A TxnHistoryReport's lines, or "none" when PayFor says it has no record: its answer is then one PaymentRequest
 * echoing the request itself (TxnType TxnHistory) with V013 (mewebstudio/pos fail_order_not_found_response.json).
 * A report whose own request failed otherwise (credentials) throws a plain error: callers make it "try again".
 */
export function readHistory(root: XmlElement): HistoryLine[] | "none" {
  const records = childrenNamed(root, "PaymentRequestExtended");
  const lines: HistoryLine[] = [];
  for (const record of records) {
    const request = child(record, "PaymentRequest");
    if (!request) return unreadable("a PaymentRequestExtended without its PaymentRequest");
    const raw = fieldsOf(request);
    const extra = extraParameters(record);
    if (raw.TxnType === "TxnHistory") {
      if (records.length === 1 && raw.ProcReturnCode === "V013") return "none";
      return unreadable(
        `the bank refused the history: ${raw.ProcReturnCode ?? ""} ${(raw.ErrMsg ?? "").slice(0, 200)}`,
      );
    }
    const code = raw.ProcReturnCode ?? "";
    const amount = readMinorUnits(raw.PurchAmount ?? "", PAYFOR_ANSWERED_AMOUNT);
    if (!code) return unreadable("a line without ProcReturnCode");
    if (amount === null && code === "00") return unreadable(`PurchAmount ${JSON.stringify(raw.PurchAmount)}`);
    const closed = (extra.IsBatchClosed ?? "").toLowerCase();
    lines.push({
      type: raw.TxnType ?? "",
      orderId: raw.OrderId ?? "",
      code,
      amountMinor: amount ?? 0n,
      currency: raw.Currency ?? "",
      reference: raw.HostRefNum || raw.F37 || "",
      authCode: raw.AuthCode ?? "",
      voided: raw.TxnStatus === "V" || /^\d{8}$/.test(raw.VoidDate ?? ""),
      batchClosed: closed === "true" ? true : closed === "false" ? false : null,
      reqDate: raw.ReqDate ?? "",
      insertedAt: raw.InsertDatetime ?? "",
      raw: { ...raw, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`Extra.${k}`, v])) },
    });
  }
  return lines;
}

const SALE_TYPES = new Set(["Auth", "PostAuth"]);

/** The sale that took the money (approved), else the last sale tried, else none. */
export function saleOf(lines: readonly HistoryLine[]): HistoryLine | null {
  const sales = lines.filter((line) => SALE_TYPES.has(line.type));
  return sales.find((line) => line.code === "00") ?? sales.at(-1) ?? null;
}

/** Kuruş given back by the order's refunds that went through (a void gives back the whole sale). */
export function refundedMinor(lines: readonly HistoryLine[]): bigint {
  return lines
    .filter((line) => line.type === "Refund" && line.code === "00")
    .reduce((sum, line) => sum + line.amountMinor, 0n);
}

/** The order's void that went through, if any. */
export function voidOf(lines: readonly HistoryLine[]): HistoryLine | null {
  return lines.find((line) => line.type === "Void" && line.code === "00") ?? null;
}
