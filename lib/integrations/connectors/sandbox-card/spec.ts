import { defineSpec } from "../connector-spec";

/** The service's own acquirer (lib/integrations/sandbox/acquirer): test cards on one machine, never in production. */
export const sandboxCardSpec = defineSpec({
  kind: "card",
  displayName: "Sandbox acquirer (test cards, 3-D Secure)",
  status: "sandbox",
  checkout: "redirect to the sandbox's card page with its 3-D Secure step",
  flows: ["hosted-3d-payment", "notification", "status-inquiry", "refund", "refund-inquiry"],
  reconciliation: { mode: "list", period: "window", how: "the sandbox's signed transaction list, cursor-paged" },
});
