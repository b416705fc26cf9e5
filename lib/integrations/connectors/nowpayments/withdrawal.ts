import type { GatewayWithdrawalOrder, PaymentOutcome } from "../ports";
import { PartnerCallError } from "../ports";
import { authenticate, call, failureOf, send } from "./client";
import type { NowpaymentsConfig } from "./config";
import { payoutVerificationCode } from "./crypt";
import { compareDecimals, decimalText } from "./decimal";
import { createPayoutBody, payoutCoinAmount, payoutTarget, priceCurrencyOf } from "./request-mapper";
import { type PayoutRecord, payoutOutcome, readPayout } from "./response-mapper";

/**
 * A withdrawal is a NOWPayments mass payout of one withdrawal: log in (POST /v1/auth), convert the fiat
 * amount to coins (GET /v1/estimate), create (POST /v1/payout), verify with the account's TOTP code (POST
 * /v1/payout/{batch}/verify). Never paying twice: before creating, the recent payouts are searched for our
 * clientRef (unique_external_id); one found is verified if still waiting for it and returned as is.
 */

/** How far back the look-before-create searches: NOWPayments' page of the newest payouts. */
const RECENT_PAYOUTS = 100;

async function findPayout(config: NowpaymentsConfig, token: string, clientRef: string): Promise<PayoutRecord | null> {
  const body = await call(config, { method: "GET", path: "/payout", token, query: { order_by: "dateCreated", order: "desc", limit: String(RECENT_PAYOUTS), page: "0" } });
  const list = body && typeof body === "object" && Array.isArray((body as { payouts?: unknown }).payouts) ? (body as { payouts: unknown[] }).payouts : [];
  return list.map(readPayout).find((p) => p !== null && (p.uniqueExternalId === clientRef || p.ours?.clientRef === clientRef)) ?? null;
}

async function verifyBatch(config: NowpaymentsConfig, token: string, batchId: string): Promise<void> {
  await call(config, { method: "POST", path: `/payout/${encodeURIComponent(batchId)}/verify`, token, body: { verification_code: payoutVerificationCode(config.twoFactorSecret) } });
}

/** GET /v1/estimate: the coin amount for our fiat amount, rounded down to the payout's six decimals. */
export async function coinAmountFor(config: NowpaymentsConfig, amount: string, currency: string, ticker: string): Promise<string> {
  const body = await call(config, { method: "GET", path: "/estimate", query: { amount, currency_from: priceCurrencyOf(currency), currency_to: ticker } });
  const estimated = decimalText(body && typeof body === "object" ? (body as { estimated_amount?: unknown }).estimated_amount : undefined);
  if (!estimated) throw new PartnerCallError({ kind: "retry", reason: "NOWPayments answered the estimate without an amount" });
  const coins = payoutCoinAmount(estimated);
  if (compareDecimals(coins, "0") <= 0) throw new PartnerCallError({ kind: "refused", error: { code: "AMOUNT_TOO_SMALL", message: "The amount is below one unit of the payout's smallest step" } });
  return coins;
}

export async function submitWithdrawal(config: NowpaymentsConfig, order: GatewayWithdrawalOrder): Promise<{ gatewayReference: string }> {
  const target = payoutTarget(order);
  const token = await authenticate(config);
  const existing = await findPayout(config, token, order.clientRef);
  if (existing) {
    if (existing.status === "creating" && existing.batchId) await verifyBatch(config, token, existing.batchId);
    return { gatewayReference: existing.id };
  }
  const coins = await coinAmountFor(config, order.amount, order.currency, target.ticker);
  const created = await call(config, { method: "POST", path: "/payout", token, body: createPayoutBody(order, coins) });
  const batch = created && typeof created === "object" ? (created as { id?: unknown; withdrawals?: unknown }) : {};
  const withdrawal = Array.isArray(batch.withdrawals) ? readPayout(batch.withdrawals[0]) : null;
  const batchId = typeof batch.id === "string" || typeof batch.id === "number" ? String(batch.id) : withdrawal?.batchId;
  if (!withdrawal || !batchId) throw new PartnerCallError({ kind: "retry", reason: "NOWPayments answered the payout without its ids" });
  // A verification lost on the way is repeated by the retry, which finds this payout still "creating".
  await verifyBatch(config, token, batchId);
  return { gatewayReference: withdrawal.id };
}

/** GET /v1/payout/{payout_id} (an array of the batch's withdrawals), or the search when we have no id yet. */
export async function fetchPayout(config: NowpaymentsConfig, clientRef: string, payoutId: string | null): Promise<PayoutRecord | null> {
  if (!payoutId) return findPayout(config, await authenticate(config), clientRef);
  const answer = await send(config, { method: "GET", path: `/payout/${encodeURIComponent(payoutId)}` });
  if (answer.status === 404) return null;
  if (answer.status < 200 || answer.status >= 300) throw failureOf(answer, "GET /payout");
  const items = (Array.isArray(answer.body) ? answer.body : [answer.body]).map(readPayout).filter((p): p is PayoutRecord => p !== null);
  return items.find((p) => p.id === payoutId) ?? items.find((p) => p.uniqueExternalId === clientRef) ?? null;
}

export async function inquireWithdrawal(config: NowpaymentsConfig, clientRef: string, payoutId: string | null): Promise<PaymentOutcome> {
  const payout = await fetchPayout(config, clientRef, payoutId);
  if (!payout) return { status: "not_found" };
  const owner = payout.uniqueExternalId ?? payout.ours?.clientRef;
  if (owner !== clientRef) throw new PartnerCallError({ kind: "refused", error: { code: "ORDER_MISMATCH", message: "The payout at NOWPayments belongs to another order" } });
  return payoutOutcome(payout);
}
