import { readAmount, readMinorUnits } from "../amount-format";
import { cardShownOfMasked } from "../ports";
import { ISO8583_RESULTS, resultCodeError } from "../iso8583-results";
import type { PartnerError, PaymentOutcome } from "../ports";
import { declineOfReturn, judgeApproval, MD_NO_AUTHENTICATION } from "../three-d-secure";
import type { CC5Response } from "./cc5-xml";
import { EST_KURUS } from "./request-mapper";

/**
 * EST's answers in our words. A sale is approved only when the bank says so twice (Response=Approved and
 * ProcReturnCode=00) after full 3-D Secure (mdStatus 1), as mewebstudio/pos's EstPos mapper counts only
 * mdStatus 1 as authenticated. In 3D_PAY_HOSTING the bank charges the card itself after its own 3-D check,
 * so an approval under half 3-D (mdStatus 2-4) is money taken: it is paid for a dealer that accepts half
 * 3-D (`acceptHalf3D`), and otherwise declined as "charged anyway", which the core raises for a refund.
 */

/** ISO 8583 result codes the EST hosts return in ProcReturnCode, in plain English. */
const PROC_RETURN_MESSAGES: Record<string, string> = {
  ...ISO8583_RESULTS,
  "06": "Error",
  "07": "Pick up card, special condition",
  "30": "Format error",
};

export function procReturnError(code: string | undefined, bankMessage?: string): PartnerError {
  return resultCodeError(code, bankMessage, PROC_RETURN_MESSAGES, "EST_ERROR");
}

/** A verified gate return (fields already checked: signature, order id, amount) as an outcome. */
export function mapGateReturn(fields: Record<string, string>, amount: string, acceptHalf3D = false): PaymentOutcome {
  const reference = fields.TransId?.trim() || null;
  // A return always carries the 3-D verdict: one without it ("") has no proof of authentication.
  const mdStatus = (fields.mdStatus ?? "").trim();
  if (fields.Response === "Approved" && fields.ProcReturnCode === "00") {
    // The version 3 hash signs every field the gate posts, MaskedPan included: the card's brand and last four.
    const card = cardShownOfMasked(fields.MaskedPan);
    return judgeApproval(
      {
        status: "approved",
        amount,
        partnerReference: reference,
        authCode: fields.AuthCode?.trim() || null,
        ...(card ? { card } : {}),
      },
      mdStatus,
      acceptHalf3D,
    );
  }
  return declineOfReturn(mdStatus, reference, MD_NO_AUTHENTICATION, () =>
    procReturnError(fields.ProcReturnCode?.trim(), fields.ErrMsg),
  );
}

/** True when an ORDERSTATUS answer says the bank has no record of the order. */
export function isNoRecord(response: CC5Response): boolean {
  return (
    response.fields.ProcReturnCode !== "00" && /no record found|kay[ıi]t bulunamad/i.test(response.fields.ErrMsg ?? "")
  );
}

/**
 * ORDERSTATUS -> the order's state. TRANS_STAT: A (authorised), C (pre-auth closed), S (sale settled) are
 * money taken; PN pending; D/ERR failed; V/CNCL voided. Null when the answer is not a status at all (an
 * API error such as wrong credentials): the caller treats that as "ask again later".
 */
export function mapOrderStatus(response: CC5Response, acceptHalf3D = false): PaymentOutcome | null {
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
    const amount = readAmount(extra.ORIG_TRANS_AMT, EST_KURUS);
    if (!amount) return null;
    const orderId = (extra.ORD_ID || response.fields.OrderId || "").trim();
    // The order the bank answered about and its amount go to the core, which compares them with ours.
    const approved = {
      status: "approved" as const,
      amount,
      partnerReference: reference,
      authCode: extra.AUTH_CODE?.trim() || null,
      ...(orderId ? { orderId } : {}),
    };
    const mdStatus = extra.MDSTATUS?.trim();
    return judgeApproval(approved, mdStatus === "" ? undefined : mdStatus, acceptHalf3D);
  }
  if (state === "PN") return { status: "pending" };
  if (state === "V" || state === "CNCL")
    return {
      status: "cancelled",
      error: { code: "VOIDED", message: "Voided at the bank" },
      partnerReference: reference,
    };
  if (state === "D" || state === "ERR")
    return { status: "declined", error: procReturnError(extra.PROC_RET_CD?.trim()), partnerReference: reference };
  return null;
}

/** One line of ORDERHISTORY (TRXn): a sale (S) or a refund (C) of the order, as the bank lists it. */
export type HistoryEntry = {
  type: "S" | "C";
  state: string;
  amountMinor: bigint;
  procReturnCode: string;
  transId: string;
};

/**
 * ORDERHISTORY's TRX1..TRXn lines, tab-separated as mewebstudio/pos's EstPos mapper reads them: type, state,
 * amount (kuruş), capture amount, times, host reference, auth code, ProcReturnCode, TransId. Null when a
 * line is not in that layout (the answer cannot be relied on).
 */
export function readOrderHistory(extra: Record<string, string>): HistoryEntry[] | null {
  const entries: HistoryEntry[] = [];
  for (let i = 1; extra[`TRX${i}`] !== undefined; i++) {
    const cells = extra[`TRX${i}`]!.split("\t").map((c) => c.trim());
    const [type, state = "", amount = ""] = cells;
    const amountMinor = readMinorUnits(amount, EST_KURUS);
    if ((type !== "S" && type !== "C") || amountMinor === null || cells.length < 11) return null;
    entries.push({
      type,
      state,
      amountMinor,
      procReturnCode: cells[9] ?? "",
      transId: cells[10] ?? "",
    });
  }
  return entries;
}

/** A refund line that gave money back: approved (00) and neither declined, in error nor voided since. */
export function isMadeCredit(entry: HistoryEntry): boolean {
  return entry.type === "C" && entry.procReturnCode === "00" && !["D", "ERR", "V", "CNCL"].includes(entry.state);
}
