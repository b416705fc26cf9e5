import { amountOfMinorUnits, readMinorUnits } from "../amount-format";
import { ISO8583_RESULTS } from "../iso8583-results";
import { cardShownOfMasked, type CardShown, type PartnerError, type PaymentOutcome } from "../ports";
import { SUCCESS, type AkbankAnswer } from "./client";
import { AKBANK_ANSWERED_AMOUNT, currencyAlpha } from "./request-mapper";

/**
 * Akbank's answers in our words, as mewebstudio/pos reads them (AkbankPosResponseDataMapper): `responseCode`
 * "VPS-0000" is success, anything else names the failure ("VPS-1005" a provision error, whose card-side reason is
 * the ISO 8583 `hostResponseCode`, "VPS-1279" a failed 3-D Secure check, ...). The hosted page approves a sale only
 * after its own 3-D Secure step (mewebstudio/pos takes the approval's responseCode as the 3-D verdict too).
 */

/** Akbank's own codes seen in mewebstudio/pos's fixtures, in plain English. */
const VPS_MESSAGES: Record<string, string> = {
  "VPS-1005": "Declined by the card's bank",
  "VPS-1007": "Original transaction not found",
  "VPS-1008": "Already cancelled",
  "VPS-1013": "Order id already used",
  "VPS-1073": "Invalid request time",
  "VPS-1123": "Transaction not found",
  "VPS-1279": "3-D Secure verification failed",
  "VPS-2229": "Date range longer than one day",
  "VPS-2235": "Too many transactions in the range",
};

/** The failure as the bank said it: the card's bank's ISO code where it gave one, else Akbank's own code. */
export function errorOf(fields: {
  responseCode?: string;
  hostResponseCode?: string;
  responseMessage?: string;
  hostMessage?: string;
}): PartnerError {
  const host = (fields.hostResponseCode ?? "").trim();
  if (/^\d{2}$/.test(host) && host !== "00") {
    const known = ISO8583_RESULTS[host];
    const said = (fields.hostMessage ?? "").trim();
    return { code: host, message: known ?? (said ? `Declined by the bank (${said.slice(0, 200)})` : "Declined") };
  }
  const code = (fields.responseCode ?? "").trim() || "AKBANK_ERROR";
  const said = (fields.responseMessage ?? "").trim();
  return {
    code,
    message: VPS_MESSAGES[code] ?? (said ? `Declined by the bank (${said.slice(0, 200)})` : "Declined by the bank"),
  };
}

/** The 3-D Secure level an ECI names (Visa 05/06, Mastercard 02/01), where the bank signed one. */
function levelOfEci(eci: string): "full" | "half" | "none" {
  if (eci === "05" || eci === "02") return "full";
  if (eci === "06" || eci === "01") return "half";
  return "none";
}

/** A reference that is one: the bank writes "0" (or 0) where it has none. */
export const referenceOf = (value: unknown): string | null => {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return text !== "" && !/^0+$/.test(text) ? text : null;
};

/**
 * A verified return (signature, terminal, order, amount already checked) as an outcome; `fields` holds only what
 * the bank signed. An approval without a signed ECI is the hosted page's own 3-D Secure approval: full. The return
 * names no card (no masked number in mewebstudio/pos's returns or their hashParams): its approval shows none.
 */
export function mapReturn(fields: Record<string, string>, amount: string, acceptHalf3D: boolean): PaymentOutcome {
  const code = fields.responseCode ?? "";
  const reference = referenceOf(fields.rrn);
  if (code === SUCCESS) {
    const host = fields.hostResponseCode ?? "";
    // Akbank said success but the card's bank did not: no verdict to trust; the status inquiry settles it.
    if (host !== "" && host !== "00") return { status: "pending" };
    const approved = {
      status: "approved" as const,
      amount,
      partnerReference: reference,
      authCode: referenceOf(fields.authCode),
    };
    const eci = fields.secureEcomInd;
    const level = eci === undefined || eci === "" ? "full" : levelOfEci(eci);
    if (level === "full") return { ...approved, threeDSecure: "full" };
    if (level === "half" && acceptHalf3D) return { ...approved, threeDSecure: "half" };
    return {
      status: "declined",
      error:
        level === "half"
          ? {
              code: "HALF_3D",
              message: `Half 3-D Secure (ECI ${eci}) is not accepted for this dealer; the bank charged the card`,
            }
          : { code: `ECI${eci}`, message: "Approved by the bank without 3-D Secure authentication; not accepted" },
      partnerReference: reference,
      chargedAnyway: true,
      ...(level === "half" ? { threeDSecure: "half" as const } : {}),
    };
  }
  // The order id was used before: the bank refused this form itself, no verdict on the payment (the inquiry has it).
  if (code === "VPS-1013") return { status: "pending" };
  return { status: "declined", error: errorOf(fields), partnerReference: reference };
}

/** One line of the order history (txnDetailList), in the fields we read. */
export type HistoryLine = {
  txnCode: string;
  responseCode: string;
  hostResponseCode: string;
  responseMessage: string;
  hostMessage: string;
  /** txnStatus: N normal, V cancelled (voided), R reversed, S suspect. */
  status: string;
  amountMinor: bigint;
  currency: string | null;
  rrn: string | null;
  authCode: string | null;
  /** The line's own order id (the bank's id of a refund) and the order it belongs to. */
  orderId: string;
  orgOrderId: string;
  /** "2024-04-15T20:41:03.165", Turkish local time. */
  txnDateTime: string;
  /** The card as the bank's answer shows it (maskedCardNumber "521807******2834"), null where it names none. */
  card: CardShown | null;
};

const str = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** "Sale" transaction codes: the hosted page's 3-D sale is listed as a sale (1000). */
export const SALE_CODES = new Set(["1000", "3000"]);
export const REFUND_CODE = "1002";

/** True when Akbank says it has no transaction of the order (VPS-1123, "İşlem bulunamadı"). */
export const isNoRecord = (answer: AkbankAnswer) => answer.responseCode === "VPS-1123";

/**
 * The order's lines from a 1010 answer, "none" when the bank has no record of it, or null when the answer is no
 * readable history of this very order (a failure, a line of another order, an amount that is none).
 */
export function readOrderHistory(answer: AkbankAnswer, akbankOrderId: string): HistoryLine[] | "none" | null {
  if (isNoRecord(answer)) return "none";
  if (answer.responseCode !== SUCCESS) return null;
  const list = answer.json.txnDetailList;
  if (!Array.isArray(list)) return null;
  const lines: HistoryLine[] = [];
  for (const item of list) {
    if (typeof item !== "object" || item === null) return null;
    const raw = item as Record<string, unknown>;
    const orderId = str(raw.orderId);
    const orgOrderId = str(raw.orgOrderId) || orderId;
    if (orgOrderId !== akbankOrderId) return null;
    const amountMinor = readMinorUnits(raw.amount, AKBANK_ANSWERED_AMOUNT);
    if (amountMinor === null) return null;
    lines.push({
      txnCode: str(raw.txnCode),
      responseCode: str(raw.responseCode),
      hostResponseCode: str(raw.hostResponseCode),
      responseMessage: str(raw.responseMessage),
      hostMessage: str(raw.hostMessage),
      status: str(raw.txnStatus),
      amountMinor,
      currency: currencyAlpha(raw.currencyCode),
      rrn: referenceOf(raw.rrn),
      authCode: referenceOf(raw.authCode),
      orderId,
      orgOrderId,
      txnDateTime: str(raw.txnDateTime),
      card: cardShownOfMasked(str(raw.maskedCardNumber)),
    });
  }
  return lines;
}

/** The sale that took the money (approved), else the last sale tried, else none. */
export function saleOf(lines: readonly HistoryLine[]): HistoryLine | null {
  const sales = lines.filter((line) => SALE_CODES.has(line.txnCode));
  return sales.find((line) => line.responseCode === SUCCESS) ?? sales.at(-1) ?? null;
}

/** Whether the approved sale was taken back whole: cancelled (V) or reversed (R). */
export const isVoided = (sale: HistoryLine) => sale.status === "V" || sale.status === "R";

/** The refunds that went through (and were not cancelled afterwards). */
export function madeRefunds(lines: readonly HistoryLine[]): HistoryLine[] {
  return lines.filter((line) => line.txnCode === REFUND_CODE && line.responseCode === SUCCESS && !isVoided(line));
}

export function refundedMinor(lines: readonly HistoryLine[]): bigint {
  return madeRefunds(lines).reduce((sum, line) => sum + line.amountMinor, 0n);
}

/**
 * The order's state from its history: the approved sale is paid (cancelled or reversed: cancelled; suspect: no
 * verdict yet), a sale that did not go through is declined with the bank's code, no sale at all is "not found".
 * The approval shows the card the bank's authenticated answer names; the hosted page's return names none.
 */
export function mapHistory(lines: readonly HistoryLine[]): PaymentOutcome {
  const sale = saleOf(lines);
  if (!sale) return { status: "not_found" };
  if (sale.responseCode !== SUCCESS) return { status: "declined", error: errorOf(sale), partnerReference: sale.rrn };
  if (isVoided(sale))
    return {
      status: "cancelled",
      error: { code: "VOIDED", message: sale.status === "R" ? "Reversed at the bank" : "Cancelled at the bank" },
      partnerReference: sale.rrn,
    };
  if (sale.status !== "N") return { status: "pending" };
  return {
    status: "approved",
    amount: amountOfMinorUnits(sale.amountMinor),
    partnerReference: sale.rrn,
    authCode: sale.authCode,
    ...(sale.currency ? { currency: sale.currency } : {}),
    ...(sale.card ? { card: sale.card } : {}),
  };
}
