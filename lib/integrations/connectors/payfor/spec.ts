import { defineSpec } from "../connector-spec";

/** QNB Finansbank's PayFor (also Enpara.com and Ziraat Katılım): docs/connectors.md "payfor". */
export const payforSpec = defineSpec({
  kind: "card",
  displayName: "QNB Finansbank PayFor (3D Host payment page)",
  status: "simulated",
  checkout: "3D_HOST: a signed form posted to PayFor's payment page",
  // A whole sale of its own batch is voided, anything else refunded (refunds.ts).
  flows: ["hosted-3d-payment", "status-inquiry", "refund", "void", "refund-inquiry"],
  reconciliation: { mode: "list", period: "day", how: "TxnHistory of each Turkish day (ReqDate), one answer a day" },
});
