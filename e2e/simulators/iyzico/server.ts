import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { API_ROUTES, REPORTING_PATH, reportPaymentDetails, type ApiContext } from "./api";
import { cardFormPage, messagePage, returnPage, type Lang } from "./page";
import { alterAmount, approveLate, panelCancel, panelRefund, unknownSale } from "./panel";
import { DAILY_REPORT_PATH, reportDailyTransactions } from "./report";
import { ERROR, IyzicoState, type CancelRecord, type Merchant, type Payment, type RefundRecord } from "./state";

/**
 * A simulated iyzico on 127.0.0.1, written from iyzico's public documentation: the API paths the official
 * `iyzipay` client calls (JSON, IYZWSv2 authentication checked with the test keys, signed answers) and the
 * hosted Checkout Form page the customer pays on. It holds a default merchant (the test keys) and any number of
 * others (`addMerchant`), each seeing only its own payments, as separate iyzico merchant accounts do.
 */

export const IYZICO_TEST_KEYS = {
  apiKey: "sandbox-simulator-api-key",
  secretKey: "sandbox-simulator-secret-key",
} as const;

export type IyzicoSimulatorOptions = {
  port?: number;
  apiKey?: string;
  secretKey?: string;
  tokenLifetimeMs?: number;
  /** Transactions per page of the daily report (iyzico does not document its own). */
  reportPageSize?: number;
};

export type IyzicoSimulator = {
  url: string;
  /** The default merchant's keys. */
  apiKey: string;
  secretKey: string;
  state: IyzicoState;
  /** API paths called, in order (authenticated or not). */
  calls: string[];
  /** The hosted page pays but does not send the customer back to callbackUrl. */
  dropCallback(drop: boolean): void;
  /** Every refund is refused (a definite "failure" answer). */
  refuseRefunds(refuse: boolean): void;
  /** Refund calls are lost on the way: never carried out, never answered (the client times out). */
  loseRefunds(lose: boolean): void;
  /** API answers wait this long (longer than the connector's timeout: a timeout), the call still carried out; only `path`'s when given. */
  delay(ms: number, path?: string): void;
  /** The next `count` API calls are answered with this HTTP status and a non-JSON body (502 gateway page, 429...). */
  failNext(status: number, count?: number): void;
  /** Another merchant account: its keys' calls, payments, refunds and report are its own. */
  addMerchant(): Merchant;
  /** The daily report answers this HTTP status with a gateway page, or unreadable text ("garbage"), until null. */
  failReports(failure: number | "garbage" | null): void;
  /** A refund of the order's approved payment made in iyzico's merchant panel. */
  panelRefund(orderId: string, amount: string): RefundRecord;
  /** A cancel (void) of the order's approved payment made in iyzico's merchant panel. */
  panelCancel(orderId: string): CancelRecord;
  /** An approved payment the service never started (an order id of its own unless given), to the merchant `apiKey` (default: the default one). */
  unknownSale(input: { amount: string; orderId?: string; currency?: string; at?: Date; apiKey?: string }): Payment;
  /** iyzico holds the order's approved payment at another amount. */
  alterAmount(orderId: string, amount: string): Payment;
  /** The order, declined or abandoned as the service saw it, is approved at iyzico now. */
  approveLate(orderId: string): Payment;
  stop(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

type AuthError = (typeof ERROR)["badSignature" | "unknownApiKey"];

/**
 * IYZWSv2: base64("apiKey:..&randomKey:..&signature:hex") with hex = HMAC-SHA256(secret, randomKey + path + body),
 * the secret being that of the merchant the API key names: the merchant, or iyzico's refusal.
 */
function authenticate(
  header: string | undefined,
  path: string,
  rawBody: string,
  merchants: ReadonlyMap<string, Merchant>,
): { merchant: Merchant } | { refused: AuthError } {
  const encoded = /^IYZWSv2 ([A-Za-z0-9+/=]+)$/.exec(header ?? "")?.[1];
  const parts = encoded
    ? /^apiKey:([^&]*)&randomKey:([^&]*)&signature:([0-9a-f]{64})$/.exec(
        Buffer.from(encoded, "base64").toString("utf8"),
      )
    : null;
  if (!parts) return { refused: ERROR.badSignature };
  const merchant = merchants.get(parts[1] ?? "");
  if (!merchant) return { refused: ERROR.unknownApiKey };
  const expected = createHmac("sha256", merchant.secretKey)
    .update(`${parts[2] ?? ""}${path}${rawBody}`)
    .digest();
  return timingSafeEqual(expected, Buffer.from(parts[3] ?? "", "hex")) ? { merchant } : { refused: ERROR.badSignature };
}

export async function startIyzicoSimulator(options: IyzicoSimulatorOptions = {}): Promise<IyzicoSimulator> {
  const keys = {
    apiKey: options.apiKey ?? IYZICO_TEST_KEYS.apiKey,
    secretKey: options.secretKey ?? IYZICO_TEST_KEYS.secretKey,
  };
  const state = new IyzicoState(keys);
  const calls: string[] = [];
  const controls = {
    dropCallback: false,
    refuseRefunds: false,
    loseRefunds: false,
    delayMs: 0,
    delayPath: null as string | null,
    failStatus: 0,
    failCount: 0,
    reportFailure: null as number | "garbage" | null,
  };
  let baseUrl = "";

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    calls.push(path);
    const rawBody = await readBody(req);
    if (controls.delayMs > 0 && (controls.delayPath === null || controls.delayPath === path))
      await new Promise((r) => setTimeout(r, controls.delayMs));
    if (controls.failCount > 0) {
      controls.failCount -= 1;
      return send(res, controls.failStatus, "text/html", `<html><body><h1>${controls.failStatus}</h1></body></html>`);
    }
    const route = API_ROUTES[path];
    if (path === "/payment/test")
      return send(
        res,
        200,
        "application/json",
        JSON.stringify({ status: "success", locale: "tr", systemTime: Date.now() }),
      );
    const contextOf = (merchant: Merchant): ApiContext => ({
      state,
      apiKey: merchant.apiKey,
      secretKey: merchant.secretKey,
      baseUrl,
      tokenLifetimeMs: options.tokenLifetimeMs ?? 30 * 60_000,
      refuseRefunds: controls.refuseRefunds,
    });
    if (path === DAILY_REPORT_PATH && req.method === "GET") {
      if (controls.reportFailure === "garbage")
        return send(res, 200, "application/json", '{"status":"success","transactions":[{"transactionType":"PAYM');
      if (controls.reportFailure !== null)
        return send(res, controls.reportFailure, "text/html", `<html><body>${controls.reportFailure}</body></html>`);
      const auth = authenticate(req.headers.authorization, path, rawBody, state.merchants);
      if ("refused" in auth)
        return send(
          res,
          200,
          "application/json",
          JSON.stringify({ status: "failure", ...auth.refused, locale: "tr", systemTime: Date.now() }),
        );
      const query = new URL(req.url ?? "/", "http://127.0.0.1").searchParams;
      return send(
        res,
        200,
        "application/json;charset=UTF-8",
        JSON.stringify(reportDailyTransactions(state, auth.merchant.apiKey, query, options.reportPageSize ?? 50)),
      );
    }
    if (path === REPORTING_PATH && req.method === "GET") {
      const auth = authenticate(req.headers.authorization, path, rawBody, state.merchants);
      if ("refused" in auth)
        return send(
          res,
          200,
          "application/json",
          JSON.stringify({ status: "failure", ...auth.refused, locale: "tr", systemTime: Date.now() }),
        );
      return send(
        res,
        200,
        "application/json;charset=UTF-8",
        JSON.stringify(
          reportPaymentDetails(contextOf(auth.merchant), new URL(req.url ?? "/", "http://127.0.0.1").searchParams),
        ),
      );
    }
    if (!route || req.method !== "POST")
      return send(
        res,
        404,
        "application/json",
        JSON.stringify({ status: "failure", errorCode: "404", errorMessage: "Not found" }),
      );
    // Lost on the way: iyzico never sees the refund, the client waits until its own timeout.
    if (controls.loseRefunds && path === "/v2/payment/refund") return;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody || "{}") as Record<string, unknown>;
    } catch {
      return send(res, 400, "application/json", JSON.stringify({ status: "failure", ...ERROR.invalidRequest }));
    }
    const auth = authenticate(req.headers.authorization, path, rawBody, state.merchants);
    if ("refused" in auth)
      return send(
        res,
        200,
        "application/json",
        JSON.stringify({ status: "failure", ...auth.refused, locale: body.locale ?? "tr", systemTime: Date.now() }),
      );
    send(res, 200, "application/json;charset=UTF-8", JSON.stringify(route(contextOf(auth.merchant), body)));
  }

  async function hostedPage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const html = "text/html; charset=utf-8";
    const params = req.method === "POST" ? new URLSearchParams(await readBody(req)) : url.searchParams;
    const lang: Lang = params.get("lang") === "en" ? "en" : "tr";
    const form = state.forms.get(params.get("token") ?? "");
    if (!form) return send(res, 404, html, messagePage(lang, "unknown"));
    if (Date.now() > form.expiresAt) return send(res, 410, html, messagePage(lang, "expired"));
    if (form.payment?.paymentStatus === "SUCCESS") return send(res, 409, html, messagePage(lang, "paid"));
    if (req.method === "GET") return send(res, 200, html, cardFormPage(form, lang));
    state.pay(form, params.get("cardNumber") ?? "");
    send(res, 200, html, returnPage(form, lang, controls.dropCallback));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handler =
      url.pathname === "/checkoutform" || url.pathname === "/checkoutform/pay"
        ? hostedPage(req, res, url)
        : api(req, res, url.pathname);
    handler.catch(() => send(res, 500, "text/plain", "simulator error"));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    ...keys,
    state,
    calls,
    dropCallback: (drop) => void (controls.dropCallback = drop),
    refuseRefunds: (refuse) => void (controls.refuseRefunds = refuse),
    loseRefunds: (lose) => void (controls.loseRefunds = lose),
    delay: (ms, path) => void Object.assign(controls, { delayMs: ms, delayPath: path ?? null }),
    failNext: (status, count = 1) => void Object.assign(controls, { failStatus: status, failCount: count }),
    addMerchant: () => state.addMerchant(),
    failReports: (failure) => void (controls.reportFailure = failure),
    panelRefund: (orderId, amount) => panelRefund(state, orderId, amount),
    panelCancel: (orderId) => panelCancel(state, orderId),
    unknownSale: (input) => unknownSale(state, input),
    alterAmount: (orderId, amount) => alterAmount(state, orderId, amount),
    approveLate: (orderId) => approveLate(state, orderId),
    stop: () =>
      new Promise<void>((resolve) => {
        // A lost call is still open: end it so the server can close.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
