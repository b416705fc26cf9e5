import type { TransitionRule } from "./lifecycle-types";

export const STAFF = ["admin", "dealer_staff"] as const;

/**
 * What happens to a bank-transfer deposit while its payment page is open (manual bank and E-IBAN alike):
 * the customer says they sent the money or cancels, before expires_at; staff may reject it; time runs out.
 */
export const OPEN_PAGE_RULES = [
  {
    from: "showing",
    to: "pending",
    by: ["customer"],
    guard: "before_expiry",
    means: "The customer says the money was sent",
  },
  {
    from: "showing",
    to: "canceled",
    by: ["customer"],
    guard: "before_expiry",
    means: "The customer cancels on the page",
  },
  { from: "showing", to: "canceled", by: STAFF, means: "Staff reject it" },
  { from: "showing", to: "expired", by: ["expiry"], means: "The page was not completed by expires_at" },
] as const satisfies readonly TransitionRule[];
