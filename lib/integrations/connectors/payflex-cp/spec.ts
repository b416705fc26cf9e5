import { defineSpec } from "../connector-spec";

/** PayFlex Common Payment (VakıfBank, Ziraat, İşbank terminals): docs/connectors.md "payflex-cp". */
export const payflexCpSpec = defineSpec({
  kind: "card",
  displayName: "PayFlex Common Payment (VakıfBank, Ziraat, İşbank)",
  status: "simulated",
  checkout: "Common Payment: a registration, then redirect to the bank's payment page",
  // A whole sale nothing was refunded from is voided (Cancel), anything else refunded (refunds.ts).
  flows: ["hosted-3d-payment", "status-inquiry", "refund", "void", "refund-inquiry"],
  reconciliation: {
    mode: "per_order",
    how: "Search.aspx of each order of the day (the search takes an order, no period)",
  },
});
