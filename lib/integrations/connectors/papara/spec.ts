import { defineSpec } from "../connector-spec";

/** Papara, the Turkish e-wallet: docs/connectors.md "papara". */
export const paparaSpec = defineSpec({
  kind: "gateway",
  displayName: "Papara (wallet payments and mass payments)",
  status: "simulated",
  flows: ["deposit", "withdrawal", "notification", "status-inquiry"],
  reconciliation: {
    mode: "list",
    period: "window",
    how: "the merchant account's ledger (List Ledgers) of the period, 50 entries a page",
  },
});
