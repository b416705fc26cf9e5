import { amountOfMinorUnits, readMinorUnits } from "../amount-format";
import { ISO8583_RESULTS } from "../iso8583-results";
import type { CardShown, PartnerError, PaymentOutcome } from "../ports";
import { declineOfReturn, judgeApproval } from "../three-d-secure";
import { INTERPOS_ANSWERED_AMOUNT } from "./request-mapper";

/**
 * InterVPOS's answers in our words. In 3D_HOST the bank charges the card itself after its own 3-D check: a sale is
 * paid when ProcReturnCode is 00 after full 3-D Secure (mdStatus 1); under half 3-D (2-4) it is money taken, paid
 * only where the dealer accepts half 3-D (`acceptHalf3D`), otherwise the payment fails and says the bank charged.
 */

/** Host result codes (ISO 8583) and InterVPOS's own (mewebstudio's InterPosResponseDataMapper codes). */
const CODE_MESSAGES: Record<string, string> = {
  ...ISO8583_RESULTS,
  "81": "Invalid merchant credentials or terminal not active",
  E31: "Invalid transaction",
  E39: "Invalid transaction",
};

/** mdStatus (InterVPOS also sends it as 3DStatus): 1 full, 2-4 half, 0 and 5-9 no authentication. */
const MD_STATUS_MESSAGES: Record<string, string> = {
  "0": "3-D Secure authentication failed",
  "5": "3-D Secure verification unavailable",
  "6": "3-D Secure error",
  "7": "3-D Secure system error",
  "8": "Unknown card number for 3-D Secure",
  "9": "Merchant not enrolled for 3-D Secure",
};

export function codeError(code: string | undefined, bankMessage?: string): PartnerError {
  const known = code ? CODE_MESSAGES[code] : undefined;
  if (code && known) return { code, message: known };
  const said = bankMessage?.trim();
  return {
    code: code || "INTERPOS_ERROR",
    message: said ? `Declined by the bank (${said.slice(0, 200)})` : "Declined by the bank",
  };
}

/** What a verified return says, from its signed fields only (the caller passes the reference when it was signed). */
export type SignedReturn = {
  procReturnCode: string;
  mdStatus: string;
  reference: string | null;
  authCode: string | null;
  /** The card (Pan, masked) where the return's HASHPARAMS named it. */
  card?: CardShown | null;
};

/** A verified return (signature, order, amount, currency already checked) as an outcome. */
export function mapReturn(signed: SignedReturn, amount: string, acceptHalf3D: boolean): PaymentOutcome {
  const { procReturnCode, mdStatus, reference } = signed;
  if (procReturnCode === "00") {
    const approved = {
      status: "approved" as const,
      amount,
      partnerReference: reference,
      authCode: signed.authCode,
      ...(signed.card ? { card: signed.card } : {}),
    };
    return judgeApproval(approved, mdStatus, acceptHalf3D);
  }
  return declineOfReturn(mdStatus, reference, MD_STATUS_MESSAGES, () => codeError(procReturnCode || undefined));
}

/**
 * A StatusHistory answer about one sale (mewebstudio's status fixture and the bank's field list): OrderId, TransId,
 * AuthCode, TRXDATE, PurchAmount, RefundedAmount (Turkish amounts), VoidDate ("1.1.0001 00:00:00" when none),
 * TxnStat (N normal, V voided, R reversed, S suspect), TxnStatus (D declined, V voided, A pre-authorised, K
 * pre-authorisation closed, C authorised before the end of day, S settled at the end of day), ChargeTypeCd (S sale,
 * C refund).
 */
export type SaleStatus = {
  orderId: string;
  transId: string;
  authCode: string;
  amountMinor: bigint;
  refundedMinor: bigint;
  state: "approved" | "declined" | "voided" | "pending";
  /** Past the bank's end of day: only a refund gives it back, never a void. */
  settled: boolean;
  /** "dd.MM.yyyy HH:mm:ss", Turkish time, as the bank writes it ("" when it names none). */
  trxDate: string;
  voidDate: string;
};

/** True when InterVPOS says it has no such order (LinkPara's InterVpos client reads ProcReturnCode 05 so). */
export function isNoRecord(fields: Record<string, string>): boolean {
  if (fields.ProcReturnCode === "00") return false;
  return (
    fields.ProcReturnCode === "05" || /bulunamad|bulunmamaktad|not found|kay[ıi]t yok/i.test(fields.ErrorMessage ?? "")
  );
}

const NO_DATE = new Set(["", "1.1.0001 00:00:00", "01.01.0001 00:00:00"]);

/** The sale a StatusHistory answer names, or null when the answer is not one this reader understands. */
export function readStatus(fields: Record<string, string>): SaleStatus | null {
  if (fields.ProcReturnCode !== "00") return null;
  if ((fields.ChargeTypeCd ?? "S") !== "S") return null;
  const amountMinor = readMinorUnits(fields.PurchAmount, ...INTERPOS_ANSWERED_AMOUNT);
  const refundedMinor = readMinorUnits(fields.RefundedAmount || "0", ...INTERPOS_ANSWERED_AMOUNT);
  if (amountMinor === null || refundedMinor === null) return null;
  const txnStatus = (fields.TxnStatus ?? "").trim().toUpperCase();
  const txnStat = (fields.TxnStat ?? "").trim().toUpperCase();
  const voidDate = (fields.VoidDate ?? "").trim();
  let state: SaleStatus["state"];
  if (txnStatus === "V" || txnStat === "V" || txnStat === "R" || !NO_DATE.has(voidDate)) state = "voided";
  else if (txnStatus === "D") state = "declined";
  else if (txnStatus === "C" || txnStatus === "S" || txnStatus === "K") state = "approved";
  else if (txnStatus === "A" || txnStat === "S") state = "pending";
  else return null;
  return {
    orderId: (fields.OrderId ?? "").trim(),
    transId: (fields.TransId ?? "").trim(),
    authCode: (fields.AuthCode ?? "").trim(),
    amountMinor,
    refundedMinor,
    state,
    settled: txnStatus === "S",
    trxDate: (fields.TRXDATE ?? "").trim(),
    voidDate: NO_DATE.has(voidDate) ? "" : voidDate,
  };
}

/** The sale's state as an outcome (its 3-D level unsaid: an approval goes through approvalOfUnsigned3D). */
export function mapStatus(sale: SaleStatus, errorCode?: string): PaymentOutcome {
  const reference = sale.transId || null;
  if (sale.state === "pending") return { status: "pending" };
  if (sale.state === "declined")
    return { status: "declined", error: codeError(errorCode?.trim() || "DECLINED"), partnerReference: reference };
  if (sale.state === "voided")
    return {
      status: "cancelled",
      error: { code: "VOIDED", message: "Voided at the bank" },
      partnerReference: reference,
    };
  return {
    status: "approved",
    amount: amountOfMinorUnits(sale.amountMinor),
    partnerReference: reference,
    authCode: sale.authCode || null,
  };
}
