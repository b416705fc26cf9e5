import { defineMethod, type Lifecycle, type TransitionRule } from "../lifecycle-types";
import { OPEN_PAGE_RULES, STAFF } from "../page-deposit";

/**
 * A withdrawal paid by hand (shared decisions §5): staff take it, then mark it paid, rejected or failed;
 * one not yet taken may be canceled. Rejecting or completing straight from pending is not a move.
 */
export const MANUAL_WITHDRAWAL_RULES = [
  { from: "pending", to: "processing", by: STAFF, means: "Staff take it to pay it out" },
  { from: "pending", to: "canceled", by: STAFF, means: "Staff cancel it before taking it" },
  {
    from: "processing",
    to: "completed",
    by: STAFF,
    fourEyes: "money_out",
    means: "Staff paid it and mark it paid",
  },
  { from: "processing", to: "rejected", by: STAFF, means: "Staff refuse to pay it" },
  { from: "processing", to: "failed", by: STAFF, means: "The payment failed while staff processed it" },
] as const satisfies readonly TransitionRule[];

const PROVIDER_DEPOSIT = {
  direction: "DEPOSIT",
  origin: "PROVIDER",
  prefix: "MAN",
  name: "Manual bank deposit",
  initial: "showing",
  customerAmountChange: "showing",
  transitions: [
    ...OPEN_PAGE_RULES,
    {
      from: "showing",
      to: "completed",
      by: STAFF,
      amount: "staff",
      fourEyes: "amount_differs",
      means: "Staff confirm the money arrived, with the amount received",
    },
    {
      from: "pending",
      to: "completed",
      by: STAFF,
      amount: "staff",
      fourEyes: "amount_differs",
      means: "Staff confirm the money arrived, with the amount received",
    },
    { from: "pending", to: "canceled", by: STAFF, means: "Staff reject it: the money did not arrive" },
    {
      from: "expired",
      to: "completed",
      by: STAFF,
      amount: "staff",
      fourEyes: "always",
      evidence: "bank_reference",
      means:
        "The money arrived after it expired: staff complete it late with the bank's reference (completed follows " +
        "expired)",
    },
  ],
  callback: { kind: "PROVIDER_DEPOSIT", on: ["completed", "canceled", "expired"] },
  ledger: { event: "DEPOSIT", on: "completed" },
} as const satisfies Lifecycle;

/**
 * Dealer API deposits (DEP-) have no payment page: they wait as pending for staff (they never expire, so
 * they have no late completion), and owe no callback.
 */
const DEALER_DEPOSIT = {
  direction: "DEPOSIT",
  origin: "DEALER",
  prefix: "DEP",
  name: "Dealer manual IBAN deposit",
  initial: "pending",
  transitions: [
    {
      from: "pending",
      to: "completed",
      by: STAFF,
      amount: "staff",
      fourEyes: "amount_differs",
      means: "Staff confirm the money arrived, with the amount received",
    },
    { from: "pending", to: "canceled", by: STAFF, means: "Staff reject it: the money did not arrive" },
  ],
  callback: null,
  ledger: { event: "DEPOSIT", on: "completed" },
} as const satisfies Lifecycle;

export const MANUAL_BANK = defineMethod({
  label: "Manual bank",
  dealerSwitch: "manual_iban",
  pageKind: "bank-transfer",
  callbackExtras: "none",
  flows: [
    PROVIDER_DEPOSIT,
    {
      direction: "WITHDRAWAL",
      origin: "PROVIDER",
      prefix: "WIT",
      name: "Manual bank withdrawal",
      initial: "pending",
      transitions: MANUAL_WITHDRAWAL_RULES,
      callback: { kind: "PROVIDER_WITHDRAWAL", on: ["completed", "rejected", "failed", "canceled"] },
      ledger: { event: "WITHDRAWAL", on: "completed" },
    },
    DEALER_DEPOSIT,
    {
      direction: "WITHDRAWAL",
      origin: "DEALER",
      prefix: "WDR",
      name: "Dealer manual IBAN withdrawal",
      initial: "pending",
      transitions: MANUAL_WITHDRAWAL_RULES,
      callback: null,
      ledger: { event: "WITHDRAWAL", on: "completed" },
    },
  ],
});
