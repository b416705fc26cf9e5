import { defineSpec } from "../connector-spec";

/** Akbank's JSON virtual POS platform: docs/connectors.md "akbank-pos". */
export const akbankPosSpec = defineSpec({
  kind: "card",
  displayName: "Akbank virtual POS (3D hosted payment page)",
  status: "simulated",
  checkout: "3D_PAY_HOSTING: a signed form posted to Akbank's hosted payment page",
  // A whole sale of today is cancelled, anything else refunded (refunds.ts).
  flows: ["hosted-3d-payment", "status-inquiry", "refund", "void", "refund-inquiry"],
  reconciliation: {
    mode: "list",
    period: "window",
    how: "the date-range history, in windows under a day, halved past 9999 transactions",
  },
});
