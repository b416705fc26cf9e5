import type { ConnectionCheck, GatewayConnector } from "../ports";
import { PartnerCallError } from "../ports";
import { authenticate, send } from "./client";
import { NOWPAYMENTS_SECRET_KEYS, type NowpaymentsConfig, nowpaymentsConfigSchema } from "./config";
import { base32Decode } from "./crypt";
import { inquireDeposit, issueDeposit } from "./deposit";
import { verifyNotification } from "./notification";
import { nowpaymentsReport } from "./report";
import { inquireWithdrawal, submitWithdrawal } from "./withdrawal";
import { nowpaymentsSpec } from "./spec";

/**
 * NOWPayments (nowpayments.io), a crypto gateway: deposits are payments to an address NOWPayments gives
 * per order (our page shows the address and coin amount), withdrawals are verified mass payouts.
 * docs/connectors.md ("NOWPayments") describes configuration, verification and the result mapping.
 */

/** GET /v1/merchant/coins (the cheapest call that needs the API key), then the payout login and 2FA secret. */
async function testConnection(config: NowpaymentsConfig): Promise<ConnectionCheck> {
  try {
    const answer = await send(config, { method: "GET", path: "/merchant/coins" });
    if (answer.status === 401 || answer.status === 403)
      return { ok: false, message: "NOWPayments refused the API key" };
    if (answer.status < 200 || answer.status >= 300)
      return { ok: false, message: `NOWPayments answered HTTP ${answer.status}` };
    const coins = (answer.body as { currencies?: unknown } | null)?.currencies;
    const count = Array.isArray(coins) ? coins.length : 0;
    try {
      base32Decode(config.twoFactorSecret);
      await authenticate(config);
    } catch (error) {
      const why =
        error instanceof PartnerCallError && error.failure.kind === "refused"
          ? "the payout login (email/password) was refused"
          : "the payout login could not be checked";
      return { ok: false, message: `API key accepted, but ${why}` };
    }
    return { ok: true, message: `API key and payout login accepted; ${count} coins enabled for payments` };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof PartnerCallError ? error.message : "NOWPayments could not be reached",
    };
  }
}

export const nowpaymentsConnector = {
  name: "nowpayments",
  kind: "gateway",
  spec: nowpaymentsSpec,
  configSchema: nowpaymentsConfigSchema,
  secretKeys: NOWPAYMENTS_SECRET_KEYS,
  testConnection,
  issueDeposit,
  submitWithdrawal,
  verifyNotification,
  inquire: (config, order) =>
    order.direction === "deposit"
      ? inquireDeposit(config, order.clientRef, order.gatewayReference)
      : inquireWithdrawal(config, order.clientRef, order.gatewayReference, order.createdAt),
  report: nowpaymentsReport(),
} satisfies GatewayConnector<NowpaymentsConfig>;
