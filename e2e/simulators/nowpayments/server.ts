import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handlePayouts, type PayoutControls, payoutControls } from "./payouts";
import { answerReportFailure, listPayments, type ReportControls, reportControls } from "./reports";
import { FIAT, type Payment, quote, RATES_TRY, SimulatorState } from "./state";
import { errorBody, issueJwt, sendJson } from "./wire";

/**
 * A NOWPayments simulator written from their public API documentation: the same paths under /v1, JSON
 * bodies with their field names, the x-api-key check, a JWT from /v1/auth for the payout endpoints, the
 * TOTP check of payout verification, and IPNs signed with x-nowpayments-sig. It serves no customer page:
 * a NOWPayments payment has none (the customer pays the address our page shows).
 */

export type NowpaymentsSimulatorOptions = {
  port?: number;
  apiKey?: string;
  ipnSecret?: string;
  email?: string;
  password?: string;
  /** Base32; the account's 2FA secret payouts are verified with. */
  twoFactorSecret?: string;
};

export const SIMULATOR_DEFAULTS = {
  apiKey: "SIMKEY1-0000000-0000000-0000000",
  ipnSecret: "sim-ipn-secret",
  email: "merchant@example.com",
  password: "sim-password",
  twoFactorSecret: "JBSWY3DPEHPK3PXP",
};

type Controls = PayoutControls & ReportControls;

export type NowpaymentsSimulator = Controls & {
  url: string;
  state: SimulatorState;
  stop(): Promise<void>;
  /**
   * The customer sends coins: confirming, then finished (or partially_paid when fewer than asked). `coins` is
   * what has arrived in all: paying in full after a partial payment is `pay(id)` again.
   */
  pay(paymentId: string | number, coins?: number): Payment;
  /** The payment window closes unpaid: expired. */
  expire(paymentId: string | number): Payment;
  fail(paymentId: string | number): Payment;
  /** The next `count` IPNs are not delivered (the status still changes; inquiry recovers it). */
  dropNextIpns(count?: number): void;
  /** The next request (or the next to `path`, "/v1/payout/*" style) is answered with this HTTP status (429 carries Retry-After: 1). */
  answerNext(status: number, path?: string): void;
  /** Every request waits this long before it is handled (0 to stop). */
  delay(ms: number): void;
  /** Waits until every IPN sent so far has been delivered (or failed). */
  settled(): Promise<void>;
};

/** A deposit address shaped like the coin's chain (not a valid checksum: nothing is ever sent to it). */
function addressFor(ticker: string): string {
  const hex = randomBytes(20).toString("hex");
  return ticker === "btc"
    ? `bc1q${hex.slice(0, 38)}`
    : ticker === "eth" || ticker.endsWith("erc20")
      ? `0x${hex}`
      : `T${hex.slice(0, 33)}`;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function startNowpaymentsSimulator(
  options: NowpaymentsSimulatorOptions = {},
): Promise<NowpaymentsSimulator> {
  const account = {
    ...SIMULATOR_DEFAULTS,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  };
  const state = new SimulatorState(account.ipnSecret);
  const jwtKey = randomBytes(32).toString("hex");
  const now = () => Math.floor(Date.now() / 1000);

  const findPayment = (id: string | number) => {
    const payment = state.payments.get(Number(id));
    if (!payment) throw new Error(`no payment ${id}`);
    return payment;
  };

  function pay(paymentId: string | number, coins?: number): Payment {
    const payment = findPayment(paymentId);
    const paid = coins ?? payment.pay_amount;
    state.setPaymentStatus(payment, "confirming", { actually_paid: paid });
    const partial = paid < payment.pay_amount;
    const atFiat = Number(((paid / payment.pay_amount) * payment.price_amount).toFixed(2));
    state.setPaymentStatus(payment, partial ? "partially_paid" : "finished", {
      actually_paid_at_fiat: atFiat,
      outcome_amount: Number((paid * 0.995).toFixed(8)),
    });
    return payment;
  }

  /**
   * NOWPayments' sandbox takes no coins: a payment created with `case` plays that flow by itself shortly after
   * (success: paid in full; partially_paid: half of it arrives; fail/failed: failed). Without a case, or with
   * another one, it waits like a live payment (the tests drive it).
   */
  function playSandboxCase(id: number, sandboxCase: string): void {
    const play =
      sandboxCase === "success"
        ? () => pay(id)
        : sandboxCase === "partially_paid"
          ? () => pay(id, Number((findPayment(id).pay_amount / 2).toFixed(8)))
          : sandboxCase === "fail" || sandboxCase === "failed"
            ? () => state.setPaymentStatus(findPayment(id), "failed")
            : null;
    if (play) setTimeout(play, 50).unref();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/\/+$/, "");
    const forcedAt = state.forcedStatuses.findIndex(
      (f) => !f.path || path === f.path || (f.path.endsWith("*") && path.startsWith(f.path.slice(0, -1))),
    );
    const forced = forcedAt >= 0 ? state.forcedStatuses.splice(forcedAt, 1)[0]!.status : undefined;
    if (forced !== undefined) {
      const headers: Record<string, string> = forced === 429 ? { "retry-after": "1" } : {};
      return sendJson(
        res,
        forced,
        errorBody(
          forced,
          forced === 429 ? "TOO_MANY_REQUESTS" : "INTERNAL_ERROR",
          forced === 429 ? "Too many requests" : "Internal server error",
        ),
        headers,
      );
    }
    const body = req.method === "POST" ? await readBody(req) : undefined;
    if (req.method === "POST" && body === null)
      return sendJson(res, 400, errorBody(400, "INVALID_REQUEST_PARAMS", "Body is not JSON"));

    if (req.method === "GET" && path === "/v1/status") return sendJson(res, 200, { message: "OK" });
    if (req.method === "POST" && path === "/v1/auth") {
      const { email, password } = (body ?? {}) as { email?: unknown; password?: unknown };
      // Case-sensitive, as NOWPayments notes for both fields.
      if (email !== account.email || password !== account.password)
        return sendJson(res, 401, errorBody(401, "INVALID_CREDENTIALS", "Invalid email or password"));
      return sendJson(res, 200, { token: issueJwt(jwtKey, "5826259115", now()) });
    }
    if (req.headers["x-api-key"] !== account.apiKey)
      return sendJson(res, 403, errorBody(403, "INVALID_API_KEY", "Invalid api key"));

    if (req.method === "GET" && (path === "/v1/merchant/coins" || path === "/v1/currencies"))
      return sendJson(res, 200, { currencies: Object.keys(RATES_TRY) });
    if (req.method === "GET" && path === "/v1/estimate") {
      const amount = Number(url.searchParams.get("amount"));
      const from = (url.searchParams.get("currency_from") ?? "").toLowerCase();
      const to = (url.searchParams.get("currency_to") ?? "").toLowerCase();
      const estimated = amount > 0 ? quote(amount, from, to) : null;
      if (estimated === null)
        return sendJson(res, 400, errorBody(400, "INVALID_REQUEST_PARAMS", "Unsupported currency pair or amount"));
      return sendJson(res, 200, {
        currency_from: from,
        amount_from: amount,
        currency_to: to,
        estimated_amount: estimated,
      });
    }
    if (req.method === "GET" && (path === "/v1/payment" || path === "/v1/payout") && answerReportFailure(state, res))
      return;
    if (req.method === "GET" && path === "/v1/payment")
      return listPayments({ state, jwtKey, now }, req, res, url.searchParams);
    if (req.method === "POST" && path === "/v1/payment")
      return createPayment(body as Record<string, unknown> | undefined, res);
    const paymentMatch = /^\/v1\/payment\/([^/]+)$/.exec(path);
    if (req.method === "GET" && paymentMatch) {
      const payment = state.payments.get(Number(paymentMatch[1]));
      return payment
        ? sendJson(res, 200, payment)
        : sendJson(res, 404, errorBody(404, "NOT_FOUND", "Payment not found"));
    }
    if (path === "/v1/payout" || path.startsWith("/v1/payout/"))
      return handlePayouts({ state, jwtKey, account, now }, req, res, path, url, body);
    return sendJson(res, 404, errorBody(404, "NOT_FOUND", `Cannot ${req.method} ${path}`));
  }

  function createPayment(body: Record<string, unknown> | undefined, res: ServerResponse): void {
    const price = body?.price_amount;
    const priceCurrency = String(body?.price_currency ?? "").toLowerCase();
    const payCurrency = String(body?.pay_currency ?? "").toLowerCase();
    if (typeof price !== "number" || !(price > 0) || !FIAT.includes(priceCurrency) || !RATES_TRY[payCurrency]) {
      return sendJson(
        res,
        400,
        errorBody(400, "INVALID_REQUEST_PARAMS", "price_amount, price_currency or pay_currency is not valid"),
      );
    }
    const id = state.newId();
    const stamp = new Date().toISOString();
    const payAmount = quote(price, priceCurrency, payCurrency)!;
    const payment: Payment = {
      payment_id: id,
      payment_status: "waiting",
      pay_address: addressFor(payCurrency),
      payin_extra_id: null,
      price_amount: price,
      price_currency: priceCurrency,
      pay_amount: payAmount,
      actually_paid: 0,
      actually_paid_at_fiat: 0,
      pay_currency: payCurrency,
      order_id: typeof body!.order_id === "string" ? body!.order_id : null,
      order_description: typeof body!.order_description === "string" ? body!.order_description : null,
      ipn_callback_url: typeof body!.ipn_callback_url === "string" ? body!.ipn_callback_url : null,
      purchase_id: String(id + 91_663_260),
      outcome_amount: 0,
      outcome_currency: payCurrency,
      parent_payment_id: null,
      created_at: stamp,
      updated_at: stamp,
    };
    state.payments.set(id, payment);
    sendJson(res, 201, payment);
    if (typeof body!.case === "string") {
      state.cases.set(id, body!.case);
      playSandboxCase(id, body!.case);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500, "INTERNAL_ERROR", "Simulator error"));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    state,
    stop: async () => {
      await state.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    pay,
    expire: (paymentId) => {
      const payment = findPayment(paymentId);
      state.setPaymentStatus(payment, "expired");
      return payment;
    },
    fail: (paymentId) => {
      const payment = findPayment(paymentId);
      state.setPaymentStatus(payment, "failed");
      return payment;
    },
    dropNextIpns: (count = 1) => void (state.dropIpns += count),
    answerNext: (status, path) => void state.forcedStatuses.push(path ? { status, path } : { status }),
    delay: (ms) => void (state.delayMs = ms),
    settled: () => state.settled(),
    ...payoutControls(state),
    ...reportControls(state),
  };
}
