import { defineSpec } from "../connector-spec";

/** Denizbank's InterVPOS: docs/connectors.md "interpos". */
export const interposSpec = defineSpec({
  kind: "card",
  displayName: "Denizbank InterVPOS (the bank's payment page)",
  status: "simulated",
  checkout: "3D_HOST: a signed form posted to InterVPOS's payment page",
  // A whole sale of the day is voided, anything else refunded (refunds.ts).
  flows: ["hosted-3d-payment", "status-inquiry", "refund", "void", "refund-inquiry"],
  reconciliation: {
    mode: "per_order",
    how: "StatusHistory of each order of the day (InterVPOS publishes no list of a period)",
  },
});
