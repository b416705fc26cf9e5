import type { PaymentOutcome } from "./ports";

type Approved = Extract<PaymentOutcome, { status: "approved" }>;

/** mdStatus 2, 3 and 4 of the 3-D Secure banks (EST, GVP): half 3-D, an attempt without the cardholder's check. */
export function isHalf3D(mdStatus: string | undefined): boolean {
  return mdStatus === "2" || mdStatus === "3" || mdStatus === "4";
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
