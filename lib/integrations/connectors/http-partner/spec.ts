import { defineSpec } from "../connector-spec";

/**
 * The service's own signed-JSON partner protocol (docs/partner-protocol.md), as a gateway and as an E-IBAN bank. The
 * sandbox's gateways and bank speak it; no partner of ours does yet, so it is proven against those and the simulator.
 */
const displayName = "HTTP partner protocol (signed JSON)";

export const httpPartnerGatewaySpec = defineSpec({
  kind: "gateway",
  displayName,
  status: "simulated",
  flows: ["deposit", "withdrawal", "notification", "status-inquiry"],
  reconciliation: { mode: "list", period: "window", how: "POST /transactions of the period, cursor-paged" },
});

export const httpPartnerBankSpec = defineSpec({
  kind: "bank",
  displayName,
  status: "simulated",
  flows: ["transfer", "balance", "statement", "notification", "transfer-inquiry"],
  reconciliation: { mode: "list", period: "window", how: "POST /statements/period of one account, cursor-paged" },
});
