import type { PartnerError, PaymentOutcome } from "../ports";
import type { CC5Response } from "./cc5-xml";

/**
 * EST's answers in our words. A sale is approved only when the bank says so twice: Response=Approved and
 * ProcReturnCode=00 (in 3D_PAY_HOSTING the bank charges the card itself, after its own 3-D check, so an
 * approval with a half 3-D mdStatus of 2-4 is still money taken and is reported as approved).
 */

/** ISO 8583 result codes the EST hosts return in ProcReturnCode, in plain English. */
const PROC_RETURN_MESSAGES: Record<string, string> = {
  "01": "Refer to card issuer",
  "02": "Refer to card issuer, special condition",
  "03": "Invalid merchant",
  "04": "Pick up card",
  "05": "Do not honour",
  "06": "Error",
  "07": "Pick up card, special condition",
  "12": "Invalid transaction",
  "13": "Invalid amount",
  "14": "Invalid card number",
  "15": "No such issuer",
  "30": "Format error",
  "33": "Expired card, pick up",
  "34": "Suspected fraud",
  "41": "Lost card",
  "43": "Stolen card",
  "51": "Insufficient funds",
  "54": "Expired card",
  "55": "Incorrect PIN",
  "57": "Transaction not permitted to cardholder",
  "58": "Transaction not permitted to terminal",
  "61": "Exceeds withdrawal amount limit",
  "62": "Restricted card",
  "65": "Exceeds withdrawal frequency limit",
  "77": "Request rejected",
  "82": "Invalid CVV",
  "91": "Issuer or switch is inoperative",
  "96": "System malfunction",
  "99": "General error",
};

/** mdStatus: the 3-D Secure verdict. 1 full, 2-4 half (attempt / card or issuer not enrolled), others failed. */
const MD_STATUS_MESSAGES: Record<string, string> = {
  "0": "3-D Secure authentication failed",
  "5": "3-D Secure verification unavailable",
  "6": "3-D Secure error",
  "7": "3-D Secure system error",
  "8": "Unknown card number for 3-D Secure",
};

export function procReturnError(code: string | undefined, bankMessage?: string): PartnerError {
  const known = code ? PROC_RETURN_MESSAGES[code] : undefined;
  if (known) return { code, message: known } as PartnerError;
  return { code: code || "EST_ERROR", message: bankMessage?.trim() ? `Declined by the bank (${bankMessage.trim().slice(0, 200)})` : "Declined by the bank" };
}

export function isHalfOrFull3D(mdStatus: string | undefined): boolean {
  return mdStatus === "1" || mdStatus === "2" || mdStatus === "3" || mdStatus === "4";
}

/** A verified gate return (fields already checked: signature, order id, amount) as an outcome. */
export function mapGateReturn(fields: Record<string, string>, amount: string): PaymentOutcome {
  const reference = fields.TransId?.trim() || null;
  if (fields.Response === "Approved" && fields.ProcReturnCode === "00") {
    return { status: "approved", amount, partnerReference: reference, authCode: fields.AuthCode?.trim() || null };
  }
  const mdStatus = fields.mdStatus?.trim();
  // No mdStatus: the gate refused the request itself (an order id already used, a field it rejects) before
  // any card or 3-D step. That is not a verdict on this payment (a reused id may carry an approved sale),
  // so the order waits and the status inquiry settles it.
  if (!mdStatus) return { status: "pending" };
  if (!isHalfOrFull3D(mdStatus)) {
    return { status: "declined", error: { code: `MD${mdStatus}`, message: MD_STATUS_MESSAGES[mdStatus] ?? "3-D Secure authentication failed" }, partnerReference: reference };
  }
  return { status: "declined", error: procReturnError(fields.ProcReturnCode?.trim(), fields.ErrMsg), partnerReference: reference };
}

/** "101" (kuruş, as ORDERSTATUS reports ORIG_TRANS_AMT) -> "1.01". */
export function amountFromMinorUnits(minor: string): string | null {
  const digits = minor.trim();
  if (!/^\d+$/.test(digits)) return null;
  const padded = digits.padStart(3, "0");
  return `${padded.slice(0, -2).replace(/^0+(?=\d)/, "")}.${padded.slice(-2)}`;
}

/** True when an ORDERSTATUS answer says the bank has no record of the order. */
export function isNoRecord(response: CC5Response): boolean {
  return response.fields.ProcReturnCode !== "00" && /no record found|kay[ıi]t bulunamad/i.test(response.fields.ErrMsg ?? "");
}

/**
 * ORDERSTATUS -> the order's state. TRANS_STAT: A (authorised), C (pre-auth closed), S (sale settled) are
 * money taken; PN pending; D/ERR failed; V/CNCL voided. Null when the answer is not a status at all (an
 * API error such as wrong credentials): the caller treats that as "ask again later".
 */
export function mapOrderStatus(response: CC5Response): PaymentOutcome | null {
  if (isNoRecord(response)) return { status: "not_found" };
  if (response.fields.ProcReturnCode !== "00") return null;
  const extra = response.extra;
  const reference = (extra.TRANS_ID || response.fields.TransId || "").trim() || null;
  const state = (extra.TRANS_STAT ?? "").trim();
  // The status names the order's last transaction; after a refund (CHARGE_TYPE_CD C) its amount is the
  // refund's, not the sale's, so it says nothing certain about the sale: ask again rather than guess.
  const chargeType = (extra.CHARGE_TYPE_CD ?? "S").trim();
  if (chargeType !== "S" && chargeType !== "") return null;
  if (state === "A" || state === "C" || state === "S") {
    const amount = amountFromMinorUnits(extra.ORIG_TRANS_AMT ?? "");
    if (!amount) return null;
    return { status: "approved", amount, partnerReference: reference, authCode: extra.AUTH_CODE?.trim() || null };
  }
  if (state === "PN") return { status: "pending" };
  if (state === "V" || state === "CNCL") return { status: "cancelled", error: { code: "VOIDED", message: "Voided at the bank" }, partnerReference: reference };
  if (state === "D" || state === "ERR") return { status: "declined", error: procReturnError(extra.PROC_RET_CD?.trim()), partnerReference: reference };
  return null;
}
