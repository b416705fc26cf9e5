import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bookPayment, type LedgerControls, ledgerControls, listLedgers, type ReportFailure } from "./ledgers";
import { checkoutPage, donePage, gonePage } from "./pages";
import { PaparaState, USERS, type MassPayment, type Payment } from "./state";

/**
 * A simulated Papara merchant API on 127.0.0.1, written from Papara's merchant API clients and their
 * documentation (paparateam/merchantApiClient-php and -node): the `ApiKey` header, `{ succeeded, data, error }`
 * answers, payments (`POST/GET /payments`, `GET /payments/reference`), the payment page at `paymentUrl`, the
 * payment notification (the payment object POSTed to notificationUrl, with the panel's merchantSecretKey,
 * repeated until answered 200), mass payments (`POST/GET /masspayment`, `GET /masspayment/byreference`) with the
 * documented error codes, `GET /account`, and the account's ledger (`POST /account/ledgers`, ledgers.ts). Papara
 * does not document its not-found answer: this one answers 404 `{succeeded:false, error:{code:404}}`, or
 * (notFoundAsUnsucceeded) HTTP 200 with `succeeded: false`, as Papara's other refusals are; unpaid payments are
 * deleted after an hour, as documented.
 */

export const PAPARA_TEST_KEYS = {
  apiKey: "papara-simulator-api-key",
  merchantSecretKey: "papara-simulator-secret-key",
} as const;

export type PaparaSimulatorOptions = { port?: number; retryEveryMs?: number; unpaidLifetimeMs?: number };

export type PaparaSimulator = LedgerControls & {
  url: string;
  apiKey: string;
  merchantSecretKey: string;
  state: PaparaState;
  calls: string[];
  /** Notifications wait (Papara cannot reach us) until released. */
  holdNotifications(hold: boolean): void;
  /** The next `count` mass payments are made, but the connection is closed before the answer (a lost answer). */
  dropMassPaymentAnswers(count: number): void;
  /** Deletes every payment nobody paid, as Papara does after an hour. */
  expireUnpaid(): void;
  /** Lookups of what does not exist answer HTTP 200 `{succeeded:false, error:{code:404}}` instead of a 404. */
  notFoundAsUnsucceeded(on: boolean): void;
  delay(ms: number): void;
  failNext(status: number, count?: number): void;
  settled(): Promise<void>;
  stop(): Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
};
const ok = (res: ServerResponse, data: unknown) => json(res, 200, { succeeded: true, data });
const fail = (res: ServerResponse, status: number, code: number, message: string) =>
  json(res, status, { succeeded: false, error: { code, message } });
const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const wirePayment = (p: Payment) => ({
  ...p,
  createdAt: p.createdAt.toISOString(),
  turkishNationalId: 0,
  merchantSecretKey: undefined,
  returningRedirectUrl: "",
});
const wireMass = (m: MassPayment) => ({
  massPaymentId: m.massPaymentId,
  id: m.id,
  createdAt: m.createdAt.toISOString(),
  amount: m.amount,
  currency: m.currency,
  fee: m.fee,
  resultingBalance: m.resultingBalance,
  description: m.description,
});
const isAmount = (v: unknown): v is number =>
  typeof v === "number" && Number.isFinite(v) && v > 0 && Math.round(v * 100) === v * 100;

export async function startPaparaSimulator(options: PaparaSimulatorOptions = {}): Promise<PaparaSimulator> {
  const keys = PAPARA_TEST_KEYS;
  const state = new PaparaState();
  const calls: string[] = [];
  const controls = { hold: false, dropMass: 0, delayMs: 0, failStatus: 0, failCount: 0, unsucceeded: false };
  let reportFailure: ReportFailure = null;
  const notFound = (res: ServerResponse, what: string) =>
    fail(res, controls.unsucceeded ? 200 : 404, 404, `${what} not found`);
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let baseUrl = "";
  let stopped = false;

  function later(fn: () => void, ms: number) {
    const t = setTimeout(() => (timers.delete(t), fn()), ms);
    timers.add(t);
  }

  function deliver(index: number): void {
    const n = state.notifications[index]!;
    if (stopped || n.acknowledged) return;
    if (controls.hold) return later(() => deliver(index), 100);
    const attempt = (async () => {
      let status: number | null = null;
      try {
        const res = await fetch(n.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(n.body),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.text();
      } catch {
        status = null;
      }
      n.attempts.push({ status, at: Date.now() });
      // Papara: answered 200, it is not sent again; otherwise it is, for 24 hours.
      if (status === 200) {
        n.acknowledged = true;
        state.payments.get(n.paymentId)!.notificationDone = true;
      } else if (n.attempts.length < 500) later(() => deliver(index), options.retryEveryMs ?? 60_000);
    })();
    inFlight.add(attempt);
    void attempt.finally(() => inFlight.delete(attempt));
  }

  function payments(req: IncomingMessage, res: ServerResponse, url: URL, body: Record<string, unknown>) {
    if (url.pathname === "/payments" && req.method === "POST") {
      const { amount, referenceId, orderDescription, notificationUrl, redirectUrl } = body;
      if (!isAmount(amount) || amount < 1 || amount > 500_000)
        return fail(res, 400, 998, "amount must be between 1.00 and 500000.00");
      if (
        typeof referenceId !== "string" ||
        !referenceId ||
        referenceId.length > 100 ||
        typeof orderDescription !== "string" ||
        typeof notificationUrl !== "string" ||
        typeof redirectUrl !== "string"
      ) {
        return fail(res, 400, 998, "referenceId, orderDescription, notificationUrl and redirectUrl are required");
      }
      return ok(
        res,
        wirePayment(
          state.createPayment(
            {
              amount,
              referenceId,
              orderDescription,
              notificationUrl,
              redirectUrl,
              currency: Number(body.currency ?? 0),
            },
            baseUrl,
          ),
        ),
      );
    }
    if (req.method !== "GET") return fail(res, 405, 998, "method");
    const found =
      url.pathname === "/payments"
        ? state.payments.get(url.searchParams.get("id") ?? "")
        : url.pathname === "/payments/reference"
          ? state.byReference(url.searchParams.get("referenceId") ?? "")
          : undefined;
    return found ? ok(res, wirePayment(found)) : notFound(res, "Payment");
  }

  function massPayments(req: IncomingMessage, res: ServerResponse, url: URL, body: Record<string, unknown>) {
    if (url.pathname === "/masspayment" && req.method === "POST") {
      const { accountNumber, amount, massPaymentId, description } = body;
      const number = String(accountNumber ?? "").replace(/^PL/i, "");
      if (!/^\d{10}$/.test(number) || !isAmount(amount) || typeof massPaymentId !== "string" || !massPaymentId)
        return fail(res, 400, 998, "accountNumber (10 digits), amount and massPaymentId are required");
      if (state.massByReference(massPaymentId)) return fail(res, 400, 133, "MassPaymentID was used recently.");
      if (!USERS.has(number)) return fail(res, 400, 100, "User not found.");
      if (amount > state.balance) return fail(res, 400, 105, "Insufficient funds.");
      const made = state.pay(massPaymentId, number, amount, typeof description === "string" ? description : "");
      if (controls.dropMass > 0) {
        controls.dropMass -= 1;
        req.socket.destroy(); // the money moved; the answer never arrives
        return;
      }
      return ok(res, wireMass(made));
    }
    if (req.method !== "GET") return fail(res, 405, 998, "method");
    const found =
      url.pathname === "/masspayment"
        ? state.massPayments.get(Number(url.searchParams.get("id")))
        : state.massByReference(url.searchParams.get("reference") ?? "");
    return found ? ok(res, wireMass(found)) : notFound(res, "Mass payment");
  }

  /** Papara deletes payments nobody paid after an hour. */
  function purgeUnpaid(olderThanMs = options.unpaidLifetimeMs ?? 3600_000) {
    for (const [id, p] of state.payments)
      if (p.status === 0 && Date.now() - p.createdAt.getTime() >= olderThanMs) state.payments.delete(id);
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    calls.push(`${req.method} ${url.pathname}`);
    purgeUnpaid();
    const raw = await readBody(req);
    if (controls.delayMs > 0) await new Promise((r) => setTimeout(r, controls.delayMs));
    if (controls.failCount > 0) {
      controls.failCount -= 1;
      return html(res, controls.failStatus, `<h1>${controls.failStatus}</h1>`);
    }
    if (req.headers.apikey !== keys.apiKey) return fail(res, 401, 401, "Unauthorized");
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return fail(res, 400, 998, "body is not JSON");
    }
    if (url.pathname === "/account" && req.method === "GET")
      return ok(res, {
        legalName: "Simulated Merchant A.Ş.",
        brandName: "SimMerchant",
        allowedPaymentTypes: [{ paymentMethod: 0 }, { paymentMethod: 1 }, { paymentMethod: 2 }],
        balances: [{ currency: 0, totalBalance: state.balance, lockedBalance: 0, availableBalance: state.balance }],
      });
    if (url.pathname === "/account/ledgers" && req.method === "POST") {
      const answer = listLedgers(state, reportFailure, body);
      if ("body" in answer) return json(res, answer.status, answer.body);
      res.writeHead(answer.status, { "content-type": "text/html; charset=utf-8" });
      return void res.end(answer.text);
    }
    if (url.pathname.startsWith("/payments")) return payments(req, res, url, body);
    if (url.pathname.startsWith("/masspayment")) return massPayments(req, res, url, body);
    return fail(res, 404, 404, "Not found");
  }

  async function checkout(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const p = state.payments.get(url.search.slice(1));
    if (!p || p.status !== 0) return html(res, 404, gonePage());
    if (req.method === "GET") return html(res, 200, checkoutPage(p));
    const form = new URLSearchParams(await readBody(req));
    if (form.get("action") !== "pay") return html(res, 200, donePage(p, false));
    Object.assign(p, { status: 1, userId: `user-${form.get("accountNumber") ?? ""}`, paymentMethod: 0 });
    bookPayment(state, p);
    // Papara notifies the merchant before the customer is sent back (its "Validating Payment Result").
    state.notifications.push({
      paymentId: p.id,
      url: p.notificationUrl,
      body: {
        ...wirePayment(p),
        currency: "TRY",
        paymentMethodDescription: "Papara Account Balance",
        statusDescription: "Completed",
        merchantSecretKey: keys.merchantSecretKey,
      },
      attempts: [],
      acknowledged: false,
    });
    deliver(state.notifications.length - 1);
    html(res, 200, donePage(p, true));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    (url.pathname === "/pid" ? checkout(req, res, url) : api(req, res, url)).catch(() =>
      html(res, 500, "simulator error"),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    ...keys,
    state,
    calls,
    holdNotifications: (hold) => void (controls.hold = hold),
    dropMassPaymentAnswers: (count) => void (controls.dropMass = count),
    expireUnpaid: () => purgeUnpaid(0),
    notFoundAsUnsucceeded: (on) => void (controls.unsucceeded = on),
    delay: (ms) => void (controls.delayMs = ms),
    failNext: (status, count = 1) => void Object.assign(controls, { failStatus: status, failCount: count }),
    ...ledgerControls(
      state,
      () => baseUrl,
      (failure) => void (reportFailure = failure),
    ),
    settled: async () => {
      for (let i = 0; i < 400; i++) {
        if (state.notifications.every((n) => n.acknowledged || n.attempts.length >= 500) && inFlight.size === 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error("Papara simulator: notifications still unanswered");
    },
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...inFlight]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
