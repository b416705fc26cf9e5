import { defineSpec } from "../connector-spec";

/** EST (NestPay) of Asseco/Payten: docs/connectors.md "est-v3". */
export const estV3Spec = defineSpec({
  kind: "card",
  displayName: "EST 3D Pay Hosting (Payten/Asseco)",
  status: "simulated",
  checkout: "3D_PAY_HOSTING: a signed form posted to the bank's 3-D gate",
  // Refunds are Credit (partial too); the XML API's Void is not used (refunds.ts).
  flows: ["hosted-3d-payment", "status-inquiry", "refund", "refund-inquiry"],
  reconciliation: {
    mode: "per_order",
    how: "ORDERHISTORY of each order of the day (the public XML API lists no period)",
  },
});
