import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Payment, type Payout, quote, type SimulatorState } from "./state";
import { errorBody, jwtIsValid, sendJson, sendText } from "./wire";

/**
 * "Get list of payments" (GET /v1/payment/) as NOWPayments documents it: the x-api-key and a JWT from
 * /v1/auth, `limit` 1 to 500, `page` from 0, `sortBy` (created_at by default), `orderBy` asc/desc, `dateFrom`/
 * `dateTo` (YYYY-MM-DD or an ISO instant, on created_at), answered `{ data, limit, page, pagesCount, total }`
 * with each payment as its list example writes it. Also the discrepancies a reconciliation must find, made at
 * "NOWPayments" behind the service's back (no IPN is sent for them), and the report endpoints' failures.
 */

type Context = { state: SimulatorState; jwtKey: string; now: () => number };

export type ReportFailure = number | "garbage" | null;

export type ReportControls = {
  /** The payment is refunded from the dashboard: `refunded` (NOWPayments refunds the whole payment). */
  panelRefund(orderId: string): Payment;
  /** A finished payment the service never created (a deposit nobody asked for), created now. */
  unknownSale(orderId: string, amount: number, currency?: string): Payment;
  /** The payment's price_amount is another than the order's. */
  alterAmount(orderId: string, amount: number): Payment;
  /** A payment the service saw expire or fail is finished after all (paid in full). */
  approveLate(orderId: string): Payment;
  /** Our payout is paid a second time: another FINISHED withdrawal, with its own id, naming the same order. */
  payTwice(orderId: string): Payout;
  /** The payment and payout lists answer this HTTP status, or unreadable text ("garbage"); null: normal again. */
  failReports(failure: ReportFailure): void;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SORTABLE = new Set([
  "created_at",
  "payment_id",
  "payment_status",
  "pay_address",
  "price_amount",
  "price_currency",
  "pay_amount",
  "actually_paid",
  "pay_currency",
  "order_id",
  "order_description",
  "purchase_id",
  "outcome_amount",
  "outcome_currency",
]);

/** A payment as the list's example writes it (the status object with invoice, hashes and type). */
function listed(p: Payment): Record<string, unknown> {
  return {
    payment_id: p.payment_id,
    invoice_id: null,
    payment_status: p.payment_status,
    pay_address: p.pay_address,
    payin_extra_id: p.payin_extra_id,
    price_amount: p.price_amount,
    price_currency: p.price_currency,
    pay_amount: p.pay_amount,
    actually_paid: p.actually_paid,
    pay_currency: p.pay_currency,
    order_id: p.order_id,
    order_description: p.order_description,
    purchase_id: Number(p.purchase_id),
    outcome_amount: p.outcome_amount,
    outcome_currency: p.outcome_currency,
    payout_hash: p.payment_status === "finished" ? `hash${p.payment_id}` : null,
    payin_hash: p.actually_paid > 0 ? `hash${p.payment_id}in` : null,
    created_at: p.created_at,
    updated_at: p.updated_at,
    type: "crypto2crypto",
    ...(p.parent_payment_id ? { parent_payment_id: p.parent_payment_id, origin_type: "REPEATED" } : {}),
  };
}

function instant(text: string | null, endOfDay: boolean): number | null | undefined {
  if (text === null || text === "") return null;
  const at = Date.parse(DATE.test(text) && endOfDay ? `${text}T23:59:59.999Z` : text);
  return Number.isNaN(at) ? undefined : at;
}

/** Answers a forced failure of the list endpoints; false when there is none. */
export function answerReportFailure(state: SimulatorState, res: ServerResponse): boolean {
  const failure = state.reportFailure;
  if (failure === null) return false;
  if (failure === "garbage") sendText(res, 200, '{"data":[{"payment_id":57454');
  else sendJson(res, failure, errorBody(failure, failure === 429 ? "TOO_MANY_REQUESTS" : "INTERNAL_ERROR", "Failure"));
  return true;
}

export function listPayments(ctx: Context, req: IncomingMessage, res: ServerResponse, q: URLSearchParams): void {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (bearer === undefined || !jwtIsValid(ctx.jwtKey, bearer, ctx.now()))
    return sendJson(
      res,
      401,
      errorBody(401, "AUTH_REQUIRED", "Authorization header is empty (Bearer JWTtoken is required)"),
    );
  const limit = Number(q.get("limit") ?? 10);
  const page = Number(q.get("page") ?? 0);
  const sortBy = q.get("sortBy") ?? "created_at";
  const orderBy = q.get("orderBy") ?? "asc";
  const from = instant(q.get("dateFrom"), false);
  const to = instant(q.get("dateTo"), true);
  if (
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > 500 ||
    !Number.isInteger(page) ||
    page < 0 ||
    !SORTABLE.has(sortBy) ||
    (orderBy !== "asc" && orderBy !== "desc") ||
    from === undefined ||
    to === undefined
  )
    return sendJson(
      res,
      400,
      errorBody(400, "INVALID_REQUEST_PARAMS", "limit, page, sortBy, orderBy or a date is not valid"),
    );
  const key = (p: Payment) =>
    sortBy === "created_at" ? Date.parse(p.created_at) : (p as Record<string, unknown>)[sortBy];
  const compare = (a: Payment, b: Payment) => {
    const x = key(a) as string | number | null;
    const y = key(b) as string | number | null;
    const order = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    return order || a.payment_id - b.payment_id;
  };
  const all = [...ctx.state.payments.values()]
    .filter(
      (p) => (from === null || Date.parse(p.created_at) >= from) && (to === null || Date.parse(p.created_at) <= to),
    )
    .sort((a, b) => (orderBy === "asc" ? 1 : -1) * compare(a, b));
  sendJson(res, 200, {
    data: all.slice(page * limit, (page + 1) * limit).map(listed),
    limit,
    page,
    pagesCount: Math.ceil(all.length / limit),
    total: all.length,
  });
}

export function reportControls(state: SimulatorState): ReportControls {
  const byOrder = (orderId: string) => {
    const payment = [...state.payments.values()].filter((p) => p.order_id === orderId).at(-1);
    if (!payment) throw new Error(`no payment for order ${orderId}`);
    return payment;
  };
  const touch = (payment: Payment, changes: Partial<Payment>) =>
    Object.assign(payment, changes, { updated_at: new Date().toISOString() });
  return {
    panelRefund: (orderId) => touch(byOrder(orderId), { payment_status: "refunded" }),
    unknownSale(orderId, amount, currency = "try") {
      const id = state.newId();
      const stamp = new Date().toISOString();
      const coins = quote(amount, currency, "usdttrc20")!;
      const payment: Payment = {
        payment_id: id,
        payment_status: "finished",
        pay_address: `T${randomBytes(16).toString("hex").slice(0, 33)}`,
        payin_extra_id: null,
        price_amount: amount,
        price_currency: currency,
        pay_amount: coins,
        actually_paid: coins,
        actually_paid_at_fiat: amount,
        pay_currency: "usdttrc20",
        order_id: orderId,
        order_description: null,
        ipn_callback_url: null,
        purchase_id: String(id + 91_663_260),
        outcome_amount: Number((coins * 0.995).toFixed(8)),
        outcome_currency: "usdttrc20",
        parent_payment_id: null,
        created_at: stamp,
        updated_at: stamp,
      };
      state.payments.set(id, payment);
      return payment;
    },
    alterAmount: (orderId, amount) => touch(byOrder(orderId), { price_amount: amount }),
    approveLate(orderId) {
      const payment = byOrder(orderId);
      return touch(payment, {
        payment_status: "finished",
        actually_paid: payment.pay_amount,
        actually_paid_at_fiat: payment.price_amount,
      });
    },
    payTwice(orderId) {
      const first = [...state.payouts.values()].find((p) => p.unique_external_id === orderId);
      if (!first) throw new Error(`no payout for order ${orderId}`);
      const stamp = new Date().toISOString();
      const again: Payout = {
        ...first,
        id: String(5_100_000_000 + (state.newId() % 1_000_000)),
        batch_withdrawal_id: String(5_000_000_000 + (state.newId() % 1_000_000)),
        status: "FINISHED",
        error: null,
        hash: randomBytes(32).toString("hex"),
        created_at: stamp,
        requested_at: stamp,
        updated_at: stamp,
      };
      state.payouts.set(again.id, again);
      return again;
    },
    failReports: (failure) => void (state.reportFailure = failure),
  };
}
