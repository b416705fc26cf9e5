import { defineMethod } from "../lifecycle-types";
import { OPEN_PAGE_RULES, STAFF } from "../page-deposit";

/**
 * E-IBAN: deposits complete only against money the bank reports (an incoming payment matched by the
 * service or by staff), never on a typed amount; withdrawals are paid by a bank transfer from the dealer's
 * wallet, and once it is sent only the bank's settlement decides.
 */
export const EIBAN = defineMethod({
  label: "E-IBAN",
  dealerSwitch: "eiban",
  pageKind: "eiban-transfer",
  callbackExtras: "none",
  flows: [
    {
      direction: "DEPOSIT",
      origin: "PROVIDER",
      prefix: "EIBAN",
      name: "E-IBAN deposit",
      initial: "showing",
      transitions: [
        ...OPEN_PAGE_RULES,
        {
          from: "showing",
          to: "completed",
          by: ["bank", ...STAFF],
          amount: "bank_line",
          means: "An incoming payment is matched to it (by the service or by staff)",
        },
        {
          from: "pending",
          to: "completed",
          by: ["bank", ...STAFF],
          amount: "bank_line",
          means: "An incoming payment is matched to it (by the service or by staff)",
        },
        { from: "pending", to: "canceled", by: STAFF, means: "Staff reject it: the money did not arrive" },
        {
          from: "expired",
          to: "completed",
          by: STAFF,
          amount: "bank_line",
          means: "A late payment is matched by staff (completed follows expired)",
        },
      ],
      callback: { kind: "PROVIDER_DEPOSIT", on: ["completed", "canceled", "expired"] },
      ledger: { event: "DEPOSIT", on: "completed" },
    },
    {
      direction: "WITHDRAWAL",
      origin: "PROVIDER",
      prefix: "EIBAN-WIT",
      name: "E-IBAN withdrawal",
      initial: "pending",
      transitions: [
        {
          from: "pending",
          to: "processing",
          by: STAFF,
          fourEyes: "money_out",
          means: "Staff take it to send it (approve and send also sends the transfer)",
        },
        { from: "pending", to: "canceled", by: STAFF, means: "Staff cancel it before taking it" },
        {
          from: "processing",
          to: "rejected",
          by: STAFF,
          guard: "unsent",
          means: "Staff refuse to pay it, before a transfer was sent",
        },
        { from: "processing", to: "completed", by: ["bank"], means: "The bank completed the transfer" },
        {
          from: "processing",
          to: "failed",
          by: ["bank"],
          means: "The bank refused the transfer; the reserved amount returns to the wallet",
        },
      ],
      callback: { kind: "PROVIDER_WITHDRAWAL", on: ["completed", "rejected", "failed", "canceled"] },
      ledger: { event: "WITHDRAWAL", on: "completed" },
    },
  ],
});
