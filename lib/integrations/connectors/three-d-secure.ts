import type { PartnerError, PaymentOutcome } from "./ports";

type Approved = Extract<PaymentOutcome, { status: "approved" }>;

/** mdStatus 2, 3 and 4 of the 3-D Secure banks (EST, GVP): half 3-D, an attempt without the cardholder's check. */
export function isHalf3D(mdStatus: string | undefined): boolean {
  return mdStatus === "2" || mdStatus === "3" || mdStatus === "4";
}

/** mdStatus 1 (full) or 2-4 (half): the cardholder's bank took part; anything else is no authentication. */
export function isHalfOrFull3D(mdStatus: string | undefined): boolean {
  return mdStatus === "1" || isHalf3D(mdStatus);
}

/** The mdStatus values of no authentication, in plain English (EST's and GVP's; a bank adds its own). */
export const MD_NO_AUTHENTICATION: Readonly<Record<string, string>> = {
  "0": "3-D Secure authentication failed",
  "5": "3-D Secure verification unavailable",
  "6": "3-D Secure error",
  "7": "3-D Secure system error",
  "8": "Unknown card number for 3-D Secure",
};

/** How a bank names its 3-D Secure verdict: the field (in the half 3-D message) and the error code's prefix. */
export type VerdictName = { field: string; codePrefix: string };
const MD_STATUS: VerdictName = { field: "mdStatus", codePrefix: "MD" };

/**
 * A charge the bank approved, judged by its 3-D Secure verdict (mdStatus): full is paid, half is paid where the
 * dealer accepts it, anything else (half refused, no or a failed verdict on an approval) was charged but is not
 * accepted. `mdStatus` undefined: the answer does not say (an inquiry of an older host): nothing signed tells the
 * level, approvalOfUnsigned3D decides. `name`: a bank that calls the verdict otherwise (PayFor's 3DStatus).
 */
export function judgeApproval(
  approved: Approved,
  mdStatus: string | undefined,
  acceptHalf3D: boolean,
  name: VerdictName = MD_STATUS,
): PaymentOutcome {
  if (mdStatus === undefined) return approvalOfUnsigned3D(approved, acceptHalf3D);
  if (mdStatus === "1") return { ...approved, threeDSecure: "full" };
  if (isHalf3D(mdStatus) && acceptHalf3D) return { ...approved, threeDSecure: "half" };
  // The bank charged the card, but the payment is not accepted here: it fails, and staff are asked to refund.
  const error = isHalf3D(mdStatus)
    ? {
        code: "HALF_3D",
        message:
          `Half 3-D Secure (${name.field} ${mdStatus}) is not accepted for this dealer; ` + "the bank charged the card",
      }
    : {
        code: `${name.codePrefix}${mdStatus || "?"}`,
        message: "Approved by the bank without 3-D Secure authentication; not accepted",
      };
  return {
    status: "declined",
    error,
    partnerReference: approved.partnerReference,
    chargedAnyway: true,
    ...(isHalf3D(mdStatus) ? { threeDSecure: "half" as const } : {}),
  };
}

/**
 * A signed return that is no approval, by its 3-D Secure verdict. No verdict at all: the gate refused the request
 * itself (an order id already used, a field it rejects) before any card or 3-D step; that is no verdict on this
 * payment (a reused id may carry an approved sale), so it waits and the status inquiry settles it. A verdict of no
 * authentication fails it in `mdMessages`' words; after full or half 3-D the bank's own refusal (`refusal`) does.
 */
export function declineOfReturn(
  mdStatus: string,
  reference: string | null,
  mdMessages: Readonly<Record<string, string>>,
  refusal: () => PartnerError,
): PaymentOutcome {
  if (!mdStatus) return { status: "pending" };
  if (!isHalfOrFull3D(mdStatus))
    return {
      status: "declined",
      error: { code: `MD${mdStatus}`, message: mdMessages[mdStatus] ?? "3-D Secure authentication failed" },
      partnerReference: reference,
    };
  return { status: "declined", error: refusal(), partnerReference: reference };
}

/**
 * An approval whose 3-D Secure level the bank did not sign: a status inquiry's answer (GVP's order history carries
 * none; EST's may lack MDSTATUS), asked when the customer's browser brought no signed return. Half 3-D is what a
 * customer who withholds the return would hide, so the approval is credited only where the dealer accepts half
 * 3-D; elsewhere the bank's charge is not accepted (the payment fails, staff are asked to give the money back),
 * as a signed half 3-D return would have been. A full 3-D payment whose customer closed the tab fails the same way:
 * nothing signed says it was full.
 */
export function approvalOfUnsigned3D(approved: Approved, acceptHalf3D: boolean): PaymentOutcome {
  if (acceptHalf3D) return approved;
  return {
    status: "declined",
    error: {
      code: "3D_UNVERIFIED",
      message:
        "Approved at the bank, but no signed return says its 3-D Secure level and this dealer accepts only full " +
        "3-D Secure; the bank charged the card",
    },
    partnerReference: approved.partnerReference,
    chargedAnyway: true,
    charged: {
      amount: approved.amount,
      ...(approved.orderId !== undefined ? { orderId: approved.orderId } : {}),
      ...(approved.currency !== undefined ? { currency: approved.currency } : {}),
    },
  };
}
