import { defineSpec } from "../connector-spec";

/** iyzico's Checkout Form: docs/connectors.md "iyzico". */
export const iyzicoSpec = defineSpec({
  kind: "card",
  displayName: "iyzico Checkout Form",
  status: "simulated",
  checkout: "Checkout Form: redirect to iyzico's payment page (one token per initialize)",
  // refundV2 (partial too); no cancel call is made.
  flows: ["hosted-3d-payment", "status-inquiry", "refund", "refund-inquiry"],
  reconciliation: {
    mode: "list",
    period: "day",
    how: "the reporting service's daily transactions (transactionDate), page by page",
  },
});
