import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Payout, RATES_TRY, type SimulatorState } from "./state";
import { codeIsValid, errorBody, jwtIsValid, sendJson, sendText } from "./wire";

/**
 * Mass payouts: create (JWT), verify with the 2FA code (JWT; until then the payout is "CREATING" and
 * unverified ones are rejected), status by id, and the list. Statuses follow the documentation's list:
 * creating, waiting, processing, sending, finished, failed, rejected (written in capitals, as they answer).
 * The status by id answers the payout's batch, `{ id, withdrawals: [...] }`, as NOWPayments' mass payouts SDK
 * (`getPayoutStatus`) types it; the list takes the documented filters and pages.
 */

type Context = { state: SimulatorState; jwtKey: string; account: { twoFactorSecret: string }; now: () => number };

export type PayoutControls = {
  /** A verified payout is sent: PROCESSING, SENDING, then FINISHED (or FAILED with an error), each with an IPN. */
  settlePayout(payoutId: string, result?: "finished" | "failed"): Payout;
  /** An unverified payout runs out of time: REJECTED. */
  rejectPayout(payoutId: string): Payout;
  /** The account's balance per coin (payouts beyond it are refused as NOWPayments does). */
  setBalance(currency: string, amount: number): void;
  /** Payouts the account made for others (another system on the same account), created now, newest last. */
  seedPayouts(count: number): void;
  /** The dashboard's "verify" by a person: a CREATING payout's batch becomes WAITING. */
  verifyInDashboard(payoutId: string): Payout;
};

const balances = new WeakMap<SimulatorState, Map<string, number>>();
const balanceOf = (state: SimulatorState) => balances.get(state) ?? balances.set(state, new Map()).get(state)!;

export function payoutControls(state: SimulatorState): PayoutControls {
  const find = (id: string) => {
    const payout = state.payouts.get(id);
    if (!payout) throw new Error(`no payout ${id}`);
    return payout;
  };
  return {
    settlePayout(payoutId, result = "finished") {
      const payout = find(payoutId);
      if (payout.status === "CREATING") throw new Error(`payout ${payoutId} is not verified`);
      state.setPayoutStatus(payout, "PROCESSING", { requested_at: new Date().toISOString() });
      state.setPayoutStatus(payout, "SENDING", { hash: randomBytes(32).toString("hex") });
      state.setPayoutStatus(
        payout,
        result.toUpperCase(),
        result === "failed" ? { error: "Insufficient network fee", hash: null } : {},
      );
      return payout;
    },
    rejectPayout(payoutId) {
      const payout = find(payoutId);
      state.setPayoutStatus(payout, "REJECTED", { error: "Payout was not verified in time" });
      return payout;
    },
    setBalance(currency, amount) {
      balanceOf(state).set(currency.toLowerCase(), amount);
    },
    seedPayouts(count) {
      const stamp = new Date().toISOString();
      for (let i = 0; i < count; i++) {
        const batchId = String(5_000_000_000 + (state.newId() % 1_000_000));
        const id = String(5_100_000_000 + (state.newId() % 1_000_000));
        state.payouts.set(id, { ...OTHER_PAYOUT, id, batch_withdrawal_id: batchId, created_at: stamp });
      }
    },
    verifyInDashboard(payoutId) {
      const payout = find(payoutId);
      if (payout.status === "CREATING") state.setPayoutStatus(payout, "WAITING");
      return payout;
    },
  };
}

const OTHER_PAYOUT: Omit<Payout, "id" | "batch_withdrawal_id" | "created_at"> = {
  status: "FINISHED",
  error: null,
  currency: "trx",
  amount: "10",
  address: "TOtherMerchantWallet",
  fee: null,
  extra_id: null,
  hash: null,
  ipn_callback_url: null,
  payout_description: null,
  unique_external_id: null,
  is_request_payouts: false,
  requested_at: null,
  updated_at: null,
};

export function handlePayouts(
  ctx: Context,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  body: unknown,
): void {
  const { state } = ctx;
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const authorised = bearer !== undefined && jwtIsValid(ctx.jwtKey, bearer, ctx.now());
  const needsJwt = () =>
    sendJson(res, 401, errorBody(401, "AUTH_REQUIRED", "Authorization header is empty (Bearer JWTtoken is required)"));

  if (req.method === "POST" && path === "/v1/payout") {
    if (!authorised) return needsJwt();
    return createPayout(state, res, body as Record<string, unknown> | undefined);
  }
  const verify = /^\/v1\/payout\/([^/]+)\/verify$/.exec(path);
  if (req.method === "POST" && verify) {
    if (!authorised) return needsJwt();
    const batch = [...state.payouts.values()].filter((p) => p.batch_withdrawal_id === verify[1]);
    if (batch.length === 0) return sendJson(res, 404, errorBody(404, "NOT_FOUND", "Batch withdrawal not found"));
    const code = (body as { verification_code?: unknown } | undefined)?.verification_code;
    if (typeof code !== "string" || !codeIsValid(ctx.account.twoFactorSecret, code, ctx.now()))
      return sendJson(res, 400, errorBody(400, "INVALID_VERIFICATION_CODE", "Verification code is invalid"));
    for (const payout of batch) if (payout.status === "CREATING") state.setPayoutStatus(payout, "WAITING");
    return sendText(res, 200, "OK");
  }
  const one = /^\/v1\/payout\/([^/]+)$/.exec(path);
  if (req.method === "GET" && one) {
    // By a payout's id or its batch's: the batch, with every withdrawal in it.
    const named = [...state.payouts.values()].find((p) => p.id === one[1] || p.batch_withdrawal_id === one[1]);
    if (!named) return sendJson(res, 404, errorBody(404, "NOT_FOUND", "Payout not found"));
    const withdrawals = [...state.payouts.values()].filter((p) => p.batch_withdrawal_id === named.batch_withdrawal_id);
    return sendJson(res, 200, { id: named.batch_withdrawal_id, createdAt: named.created_at, withdrawals });
  }
  if (req.method === "GET" && path === "/v1/payout") {
    if (!authorised) return needsJwt();
    return sendJson(res, 200, { payouts: listPayouts(state, url.searchParams) });
  }
  return sendJson(res, 404, errorBody(404, "NOT_FOUND", `Cannot ${req.method} ${path}`));
}

function createPayout(state: SimulatorState, res: ServerResponse, body: Record<string, unknown> | undefined): void {
  const withdrawals = body?.withdrawals;
  if (!Array.isArray(withdrawals) || withdrawals.length === 0)
    return sendJson(res, 400, errorBody(400, "INVALID_REQUEST_PARAMS", "withdrawals must be a non-empty array"));
  const balance = balanceOf(state);
  for (const w of withdrawals as Record<string, unknown>[]) {
    const currency = String(w.currency ?? "").toLowerCase();
    const amount = w.amount;
    const decimals = typeof amount === "number" ? (String(amount).split(".")[1] ?? "").length : 99;
    if (
      typeof w.address !== "string" ||
      !w.address ||
      !RATES_TRY[currency] ||
      typeof amount !== "number" ||
      !(amount > 0) ||
      decimals > 6
    ) {
      return sendJson(
        res,
        400,
        errorBody(400, "BAD_CREATE_WITHDRAWAL_REQUEST", `Invalid payout_address: ${currency} ${String(w.address)}`),
      );
    }
    if (amount > (balance.get(currency) ?? 1_000_000))
      return sendJson(res, 400, errorBody(400, "NOT_ENOUGH_BALANCE", "Insufficient balance"));
  }
  const batchId = String(5_000_000_000 + (state.newId() % 1_000_000));
  const stamp = new Date().toISOString();
  const created = (withdrawals as Record<string, unknown>[]).map((w) => {
    const payout: Payout = {
      id: String(5_100_000_000 + (state.newId() % 1_000_000)),
      batch_withdrawal_id: batchId,
      status: "CREATING",
      error: null,
      currency: String(w.currency).toLowerCase(),
      amount: String(w.amount),
      address: String(w.address),
      fee: null,
      extra_id: typeof w.extra_id === "string" ? w.extra_id : null,
      hash: null,
      ipn_callback_url:
        typeof w.ipn_callback_url === "string"
          ? w.ipn_callback_url
          : typeof body!.ipn_callback_url === "string"
            ? body!.ipn_callback_url
            : null,
      payout_description: typeof body!.payout_description === "string" ? body!.payout_description : null,
      unique_external_id: typeof w.unique_external_id === "string" ? w.unique_external_id : null,
      is_request_payouts: false,
      created_at: stamp,
      requested_at: null,
      updated_at: null,
    };
    state.payouts.set(payout.id, payout);
    return payout;
  });
  sendJson(res, 200, { id: batchId, withdrawals: created });
}

/** GET /v1/payout: the documented filters (batch_id, status, date_from, date_to), order_by/order, limit and page. */
function listPayouts(state: SimulatorState, q: URLSearchParams): Payout[] {
  const limit = Number(q.get("limit") ?? 10);
  const page = Number(q.get("page") ?? 0);
  const from = q.get("date_from") ? Date.parse(q.get("date_from")!) : null;
  const to = q.get("date_to") ? Date.parse(q.get("date_to")!) : null;
  // By creation time (then id, for payouts created in the same millisecond) or by id.
  const byId = (a: Payout, b: Payout) => Number(a.id) - Number(b.id);
  const compare =
    q.get("order_by") === "dateCreated"
      ? (a: Payout, b: Payout) => Date.parse(a.created_at) - Date.parse(b.created_at) || byId(a, b)
      : byId;
  const direction = q.get("order") === "asc" ? 1 : -1;
  const all = [...state.payouts.values()]
    .filter((p) => !q.get("batch_id") || p.batch_withdrawal_id === q.get("batch_id"))
    .filter((p) => !q.get("status") || p.status.toLowerCase() === q.get("status")!.toLowerCase())
    .filter(
      (p) => (from === null || Date.parse(p.created_at) >= from) && (to === null || Date.parse(p.created_at) <= to),
    )
    .sort((a, b) => direction * compare(a, b));
  return all.slice(page * limit, (page + 1) * limit);
}
