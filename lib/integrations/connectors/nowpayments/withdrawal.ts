import type { GatewayWithdrawalOrder, PartnerError, PaymentOutcome, SubmittedWithdrawal } from "../ports";
import { PartnerCallError } from "../ports";
import { authenticate, call, failureOf, send } from "./client";
import type { NowpaymentsConfig } from "./config";
import { payoutVerificationCode } from "./crypt";
import { compareDecimals, decimalOfJsonNumber } from "../amount-format";
import { createPayoutBody, payoutCoinAmount, payoutTarget, priceCurrencyOf } from "./request-mapper";
import { type PayoutRecord, payoutOutcome, readPayout, readPayoutStatus } from "./response-mapper";

/**
 * A withdrawal is a NOWPayments mass payout of one withdrawal: log in (POST /v1/auth), convert the fiat
 * amount to coins (GET /v1/estimate), create (POST /v1/payout), verify with the account's TOTP code (POST
 * /v1/payout/{batch}/verify). Never paying twice: before creating, the payouts created since our order are
 * searched, page by page, for our clientRef (unique_external_id); one found is verified if still waiting for
 * it and returned as is.
 */

/** A page of the payout list. NOWPayments documents `limit` and `page` but no maximum for them. */
const PAGE_SIZE = 100;
/** Pages searched at most: past them the search gives up ("retry") rather than create a payout that may exist. */
const MAX_PAGES = 100;

const owns = (payout: PayoutRecord, clientRef: string) =>
  payout.uniqueExternalId === clientRef || payout.ours?.clientRef === clientRef;

/**
 * The list's `date_from` for an order created at `createdAt`: the day before, so no time zone or clock
 * difference can leave our payout out. Without a creation time the whole list is searched.
 */
function listedFrom(createdAt: string | undefined): string | null {
  const at = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at - 24 * 3600_000).toISOString().slice(0, 10);
}

/**
 * GET /v1/payout (documented parameters: order_by, order, date_from, limit, page), newest first, every page
 * until a short one. NOWPayments has no lookup by unique_external_id; newest first, a payout created while we
 * page pushes the others to later pages, so one may be read twice but none is skipped.
 */
async function findPayout(
  config: NowpaymentsConfig,
  token: string,
  clientRef: string,
  createdAt?: string,
): Promise<PayoutRecord | null> {
  const from = listedFrom(createdAt);
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = {
      order_by: "dateCreated",
      order: "desc",
      limit: String(PAGE_SIZE),
      page: String(page),
      ...(from ? { date_from: from } : {}),
    };
    const body = await call(config, { method: "GET", path: "/payout", token, query });
    const list =
      body && typeof body === "object" && Array.isArray((body as { payouts?: unknown }).payouts)
        ? (body as { payouts: unknown[] }).payouts
        : [];
    const found = list.map(readPayout).find((p) => p !== null && owns(p, clientRef));
    if (found) return found;
    if (list.length < PAGE_SIZE) return null;
  }
  throw new PartnerCallError({
    kind: "retry",
    reason: `NOWPayments' payout list did not end within ${MAX_PAGES} pages; not creating a payout that may exist`,
  });
}

/**
 * Verifies a created batch. A refusal here (a wrong or spent 2FA code, a login that expired) does not undo the
 * payout, which exists and can still be verified in the dashboard until NOWPayments rejects it after an hour:
 * it is answered as "unconfirmed", never as a refusal of the withdrawal. No answer stays "retry": the retry
 * finds the payout still `creating` and verifies it then.
 */
async function verifyBatch(config: NowpaymentsConfig, token: string, batchId: string): Promise<PartnerError | null> {
  try {
    await call(config, {
      method: "POST",
      path: `/payout/${encodeURIComponent(batchId)}/verify`,
      token,
      body: { verification_code: payoutVerificationCode(config.twoFactorSecret) },
    });
    return null;
  } catch (error) {
    if (error instanceof PartnerCallError && error.failure.kind === "refused") return error.failure.error;
    throw error;
  }
}

/** GET /v1/estimate: the coin amount for our fiat amount, rounded down to the payout's six decimals. */
export async function coinAmountFor(
  config: NowpaymentsConfig,
  amount: string,
  currency: string,
  ticker: string,
): Promise<string> {
  const body = await call(config, {
    method: "GET",
    path: "/estimate",
    query: { amount, currency_from: priceCurrencyOf(currency), currency_to: ticker },
  });
  const estimated = decimalOfJsonNumber(
    body && typeof body === "object" ? (body as { estimated_amount?: unknown }).estimated_amount : undefined,
  );
  if (!estimated)
    throw new PartnerCallError({ kind: "retry", reason: "NOWPayments answered the estimate without an amount" });
  const coins = payoutCoinAmount(estimated);
  if (compareDecimals(coins, "0") <= 0)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "AMOUNT_TOO_SMALL", message: "The amount is below one unit of the payout's smallest step" },
    });
  return coins;
}

const submitted = (gatewayReference: string, unconfirmed: PartnerError | null): SubmittedWithdrawal =>
  unconfirmed ? { gatewayReference, unconfirmed } : { gatewayReference };

export async function submitWithdrawal(
  config: NowpaymentsConfig,
  order: GatewayWithdrawalOrder,
): Promise<SubmittedWithdrawal> {
  const target = payoutTarget(order);
  const token = await authenticate(config);
  const existing = await findPayout(config, token, order.clientRef, order.createdAt);
  if (existing)
    return submitted(
      existing.id,
      existing.status === "creating" && existing.batchId ? await verifyBatch(config, token, existing.batchId) : null,
    );
  const coins = await coinAmountFor(config, order.amount, order.currency, target.ticker);
  const created = await call(config, { method: "POST", path: "/payout", token, body: createPayoutBody(order, coins) });
  const batch = created && typeof created === "object" ? (created as { id?: unknown; withdrawals?: unknown }) : {};
  const withdrawal = Array.isArray(batch.withdrawals) ? readPayout(batch.withdrawals[0]) : null;
  const batchId = typeof batch.id === "string" || typeof batch.id === "number" ? String(batch.id) : withdrawal?.batchId;
  if (!withdrawal || !batchId)
    throw new PartnerCallError({ kind: "retry", reason: "NOWPayments answered the payout without its ids" });
  // From here the payout exists: its verification is never a refusal of the withdrawal (verifyBatch).
  return submitted(withdrawal.id, await verifyBatch(config, token, batchId));
}

/** GET /v1/payout/{payout_id} (the payout's batch: readPayoutStatus), or the search when we have no id yet. */
export async function fetchPayout(
  config: NowpaymentsConfig,
  clientRef: string,
  payoutId: string | null,
  createdAt?: string,
): Promise<PayoutRecord | null> {
  if (!payoutId) return findPayout(config, await authenticate(config), clientRef, createdAt);
  const answer = await send(config, { method: "GET", path: `/payout/${encodeURIComponent(payoutId)}` });
  if (answer.status === 404) return null;
  if (answer.status < 200 || answer.status >= 300) throw failureOf(answer, "GET /payout");
  const items = readPayoutStatus(answer.body);
  if (!items)
    throw new PartnerCallError({ kind: "retry", reason: "NOWPayments answered the payout status in an unknown shape" });
  return items.find((p) => p.id === payoutId) ?? items.find((p) => owns(p, clientRef)) ?? null;
}

export async function inquireWithdrawal(
  config: NowpaymentsConfig,
  clientRef: string,
  payoutId: string | null,
  createdAt?: string,
): Promise<PaymentOutcome> {
  const payout = await fetchPayout(config, clientRef, payoutId, createdAt);
  if (!payout) return { status: "not_found" };
  const owner = payout.uniqueExternalId ?? payout.ours?.clientRef;
  if (owner !== clientRef)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "ORDER_MISMATCH", message: "The payout at NOWPayments belongs to another order" },
    });
  return payoutOutcome(payout);
}
