import type { ConnectionCheck, GatewayConnector } from "../ports";
import { PartnerCallError } from "../ports";
import { callPapara, PaparaRefusal } from "./client";
import { PAPARA_SECRET_KEYS, paparaConfigSchema, type PaparaConfig } from "./config";
import { inquireDeposit, issueDeposit } from "./deposit";
import { verifyNotification } from "./notification";
import { paparaReport } from "./report";
import { inquireWithdrawal, submitWithdrawal } from "./withdrawal";
import { paparaSpec } from "./spec";

/**
 * Papara (papara.com), the Turkish e-wallet, as a wallet gateway (method 6): deposits are Papara payments the
 * customer makes on Papara's own page (its payment link), withdrawals are mass payments to the customer's
 * Papara number. Papara's notifications are unsigned and are believed only through Papara's answer to our own
 * inquiry. docs/connectors.md ("papara") describes configuration, verification and the mapping.
 */

/** `GET /account`: the cheapest call that needs the API key (the merchant's name and balances). */
async function testConnection(config: PaparaConfig): Promise<ConnectionCheck> {
  try {
    const answer = await callPapara(config, { method: "GET", path: "/account" });
    const name =
      answer.kind === "data" && typeof answer.data?.brandName === "string" ? ` (${answer.data.brandName})` : "";
    return answer.kind === "data"
      ? { ok: true, message: `Papara accepted the API key${name}` }
      : { ok: false, message: "Papara answered 404: check the base URL" };
  } catch (error) {
    if (error instanceof PaparaRefusal)
      return { ok: false, message: `Papara refused the call: ${error.error.message}` };
    return { ok: false, message: error instanceof PartnerCallError ? error.message : "Papara could not be called" };
  }
}

export const paparaConnector = {
  name: "papara",
  kind: "gateway",
  spec: paparaSpec,
  configSchema: paparaConfigSchema,
  secretKeys: PAPARA_SECRET_KEYS,
  testConnection,
  issueDeposit,
  submitWithdrawal,
  verifyNotification,
  inquire: (config, order) =>
    order.direction === "deposit"
      ? inquireDeposit(config, order.clientRef, order.gatewayReference, order.createdAt)
      : inquireWithdrawal(config, order.clientRef, order.gatewayReference),
  report: paparaReport(),
} satisfies GatewayConnector<PaparaConfig>;
