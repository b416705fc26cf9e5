import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getToken, refund, statusInquiry, type ApiContext } from "./api";
import { cardFormPage, endPage, messagePage } from "./pages";
import { transactionReport } from "./report";
import { PaytrState, type Payment } from "./state";
import { kurusOfAmount, notificationSignature, readBody, type Merchant } from "./wire";

/**
 * A simulated PayTR on 127.0.0.1, written from PayTR's developer documents: the iFrame API's get-token, the
 * payment frame at /odeme/guvenli/<token>, the notification POSTed to the store's notification URL (set per
 * store, as in PayTR's panel) and sent again until the answer is exactly `OK`, the status inquiry
 * (/odeme/durum-sorgu), refunds (/odeme/iade) and the sales and refunds report (/rapor/islem-dokumu).
 */

export type PaytrSimulatorOptions = {
  port?: number;
  retryEveryMs?: number;
  okTarget?: "frame" | "top";
  frameLifetimeMs?: number;
};

export type PaytrSimulator = {
  url: string;
  state: PaytrState;
  /** API paths called, in order. */
  calls: string[];
  /** A new store: its credentials (as on PayTR's "Entegrasyon Bilgileri" page). */
  addMerchant(): Merchant;
  /** The store's notification URL, as set in its panel ("Bildirim URL"). */
  setNotificationUrl(merchantId: string, url: string): void;
  /** Notifications wait (PayTR cannot reach the store) until released; they are then sent and repeated as usual. */
  holdNotifications(hold: boolean): void;
  /**
   * Customers pick installments with interest: each successful payment collects this many kuruş beyond the order
   * (PayTR: total_amount and payment_total above payment_amount). 0 (the default) collects exactly the order.
   */
  chargeInterest(kurus: number): void;
  /** Every refund is refused (err_no 010). */
  refuseRefunds(refuse: boolean): void;
  /** API answers wait this long. */
  delay(ms: number): void;
  /** Refunds are answered only after this long (they are still carried out: a timed-out refund is made). */
  delayRefunds(ms: number): void;
  /** Refund calls are lost on the way: never carried out, never answered (a timed-out refund is not made). */
  loseRefunds(lose: boolean): void;
  /** The next `count` API calls are answered with this HTTP status and an HTML body. */
  failNext(status: number, count?: number): void;
  /** Report calls are answered with this HTTP status (an HTML page) or, "garbage", a 200 that is not JSON; null: normal. */
  failReports(failure: number | "garbage" | null): void;
  /** A refund made in PayTR's panel (no reference_no, nobody told the service); amount as "25.00". */
  panelRefund(merchantOid: string, amount: string): void;
  /** A successful payment the service never started, at `at` (now by default); returns its merchant_oid. */
  unknownSale(merchantId: string, amount: string, options?: { merchantOid?: string; at?: Date }): string;
  /** PayTR holds another amount for a paid order (its report then lists that one); amount as "25.00". */
  alterAmount(merchantOid: string, amount: string): void;
  /** An order the service saw declined or abandoned is approved at PayTR after all, with no notification. */
  approveLate(merchantOid: string): void;
  /** Resolves once every notification sent so far was answered OK (or was given up). */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

export async function startPaytrSimulator(options: PaytrSimulatorOptions = {}): Promise<PaytrSimulator> {
  const state = new PaytrState();
  const calls: string[] = [];
  const controls = {
    hold: false,
    refuseRefunds: false,
    delayMs: 0,
    refundDelayMs: 0,
    loseRefunds: false,
    failStatus: 0,
    failCount: 0,
    interest: 0,
    reportFailure: null as number | "garbage" | null,
  };
  const retryEveryMs = options.retryEveryMs ?? 60_000; // PayTR: "will try again after a minute"
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let baseUrl = "";
  let stopped = false;
  let unknownSeq = 0;
  const kurusOf = (amount: string) => {
    const kurus = kurusOfAmount(amount);
    if (Number.isNaN(kurus)) throw new Error(`PayTR simulator: ${JSON.stringify(amount)} is not an amount`);
    return kurus;
  };

  function later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  /** One notification attempt; anything but exactly "OK" (or no answer) is tried again after retryEveryMs. */
  function deliver(index: number): void {
    const n = state.notifications[index]!;
    if (stopped || n.acknowledged) return;
    if (controls.hold) return later(() => deliver(index), 100);
    const attempt = (async () => {
      let status: number | null = null;
      let answer = "";
      try {
        const res = await fetch(n.url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(n.body).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        answer = await res.text();
      } catch (error) {
        answer = String(error);
      }
      n.attempts.push({ status, answer: answer.slice(0, 200), at: Date.now() });
      if (answer === "OK") n.acknowledged = true;
      else if (n.attempts.length < 500) later(() => deliver(index), retryEveryMs);
    })();
    inFlight.add(attempt);
    void attempt.finally(() => inFlight.delete(attempt));
  }

  function notify(payment: Payment): void {
    const m = state.merchants.get(payment.merchantId)!;
    if (!m.notificationUrl) return;
    const total = payment.status === "success" ? String(payment.amount + payment.interest) : "0";
    const body: Record<string, string> = {
      merchant_oid: payment.oid,
      status: payment.status,
      total_amount: total,
      hash: notificationSignature(m, payment.oid, payment.status, total),
      ...(payment.status === "failed"
        ? { failed_reason_code: payment.failedReasonCode ?? "0", failed_reason_msg: payment.failedReasonMsg ?? "" }
        : {}),
      test_mode: payment.testMode ? "1" : "0",
      payment_type: "card",
      currency: "TL",
      payment_amount: String(payment.amount),
    };
    state.notifications.push({
      merchantId: m.merchantId,
      oid: payment.oid,
      url: m.notificationUrl,
      body,
      attempts: [],
      acknowledged: false,
    });
    deliver(state.notifications.length - 1);
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    calls.push(path);
    const fields = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const isRefund = path === "/odeme/iade";
    // Lost on the way: PayTR never sees the refund, the client waits until its own timeout.
    if (isRefund && controls.loseRefunds) return;
    const delay = controls.delayMs + (isRefund ? controls.refundDelayMs : 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (controls.failCount > 0) {
      controls.failCount -= 1;
      return send(res, controls.failStatus, "text/html", `<html><body><h1>${controls.failStatus}</h1></body></html>`);
    }
    if (path === "/rapor/islem-dokumu" && controls.reportFailure !== null) {
      if (controls.reportFailure === "garbage") return send(res, 200, "text/html", "<html>Bakim calismasi</html>");
      const status = controls.reportFailure;
      return send(res, status, "text/html", `<html><body><h1>${status}</h1></body></html>`);
    }
    const ctx: ApiContext = {
      state,
      baseUrl,
      refuseRefunds: controls.refuseRefunds,
      frameLifetimeMs: options.frameLifetimeMs ?? 30 * 60_000,
    };
    const handler = {
      "/odeme/api/get-token": getToken,
      "/odeme/durum-sorgu": statusInquiry,
      "/odeme/iade": refund,
      "/rapor/islem-dokumu": (c: ApiContext, f: Record<string, string>) => transactionReport(c.state, f),
    }[path];
    if (!handler || req.method !== "POST") return send(res, 404, "text/html", "<h1>404</h1>");
    send(res, 200, "application/json; charset=utf-8", JSON.stringify(handler(ctx, fields)));
  }

  async function frame(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    const html = "text/html; charset=utf-8";
    const f = state.frames.get(token);
    if (!f || Date.now() > f.expiresAt) return send(res, 404, html, messagePage(f?.lang ?? "tr", "gone"));
    if (state.payment(f.merchant.merchantId, f.oid)?.status === "success")
      return send(res, 409, html, messagePage(f.lang, "paid"));
    if (req.method === "GET") return send(res, 200, html, cardFormPage(f));
    const form = new URLSearchParams(await readBody(req));
    const payment = state.pay(
      f,
      form.get("card_number") ?? "",
      form.get("expiry") ?? "",
      form.get("action") === "cancel",
      controls.interest,
    );
    // PayTR notifies the store's server before the customer is sent on.
    notify(payment);
    send(res, 200, html, endPage(f, payment, options.okTarget ?? "frame"));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const token = /^\/odeme\/guvenli\/([A-Za-z0-9]+)$/.exec(url.pathname)?.[1];
    (token ? frame(req, res, token) : api(req, res, url.pathname)).catch(() =>
      send(res, 500, "text/plain", "simulator error"),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    state,
    calls,
    addMerchant: () => state.addMerchant(),
    setNotificationUrl: (merchantId, url) => void (state.merchants.get(merchantId)!.notificationUrl = url),
    holdNotifications: (hold) => void (controls.hold = hold),
    refuseRefunds: (refuse) => void (controls.refuseRefunds = refuse),
    chargeInterest: (kurus) => void (controls.interest = kurus),
    delay: (ms) => void (controls.delayMs = ms),
    delayRefunds: (ms) => void (controls.refundDelayMs = ms),
    loseRefunds: (lose) => void (controls.loseRefunds = lose),
    failNext: (status, count = 1) => void Object.assign(controls, { failStatus: status, failCount: count }),
    failReports: (failure) => void (controls.reportFailure = failure),
    panelRefund: (oid, amount) => state.panelRefund(oid, kurusOf(amount)),
    unknownSale: (merchantId, amount, options = {}) => {
      const oid = options.merchantOid ?? `SHOP${Date.now()}${++unknownSeq}`;
      return state.unknownSale(merchantId, kurusOf(amount), oid, options.at).oid;
    },
    alterAmount: (oid, amount) => state.alterAmount(oid, kurusOf(amount)),
    approveLate: (oid) => void state.approveLate(oid),
    settled: async () => {
      for (let i = 0; i < 400; i++) {
        if (state.notifications.every((n) => n.acknowledged || n.attempts.length >= 500) && inFlight.size === 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error("PayTR simulator: notifications still unanswered");
    },
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...inFlight]);
      // A lost refund's call is still open: end it so the server can close.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
