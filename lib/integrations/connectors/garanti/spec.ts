import { defineSpec } from "../connector-spec";

/** Garanti BBVA's GVP: docs/connectors.md "garanti". */
export const garantiSpec = defineSpec({
  kind: "card",
  displayName: "Garanti BBVA virtual POS (common payment page)",
  status: "simulated",
  checkout: "3D_OOS_PAY: a signed form posted to GVP's common payment page",
  // A whole unsettled sale is voided, anything else refunded (refunds.ts).
  flows: ["hosted-3d-payment", "status-inquiry", "refund", "void", "refund-inquiry"],
  reconciliation: {
    mode: "list",
    period: "window",
    how: "orderlistinq, the terminal's transactions between two times (at most 30 days), 500 a page",
  },
});
