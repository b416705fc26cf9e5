import { defineSpec } from "../connector-spec";

/** PayTR's iFrame API: docs/connectors.md "paytr". */
export const paytrSpec = defineSpec({
  kind: "card",
  displayName: "PayTR iFrame API",
  status: "simulated",
  checkout: "iFrame API: PayTR's payment page in a frame on our card step",
  flows: ["hosted-3d-payment", "notification", "status-inquiry", "refund", "refund-inquiry"],
  reconciliation: {
    mode: "list",
    period: "window",
    how: "İşlem Dökümü, the sales and refunds between two times, at most 3 days a call",
  },
});
