import { defineSpec } from "../connector-spec";

/** NOWPayments, crypto payments and payouts: docs/connectors.md "nowpayments". */
export const nowpaymentsSpec = defineSpec({
  kind: "gateway",
  displayName: "NOWPayments (crypto payments and payouts)",
  status: "simulated",
  flows: ["deposit", "withdrawal", "notification", "status-inquiry"],
  reconciliation: {
    mode: "list",
    period: "window",
    how: "the payment list and the payout list of the period, page by page",
  },
});
