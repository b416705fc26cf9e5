import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { cardPage, closedTabPage, gonePage } from "./pages";

/**
 * The sandbox acquirer's protocol (what the `sandbox-card` connector speaks, and what the service's own sandbox
 * at /sandbox/acquirer answers), played by a separate HTTP server on 127.0.0.1 so a test controls it: JSON
 * requests signed with HMAC-SHA256 of the body in `x-acquirer-signature`, sessions, inquiries, refunds (at most
 * what is left, a refund id paid once) and a ping; a hosted card form; the verdict as a signed notification to
 * the order's notify URL and the customer's browser back to its return URL with signed query fields. Written
 * from docs/connectors.md, apart from the connector's code. The card form takes the card in one step: the
 * service's sandbox adds its 3-D Secure challenge page, which is not the connector's business. For
 * reconciliation it lists a merchant's sales and refunds of a period (`/api/transactions`, its answer signed
 * over the request's body and its own), where a test can plant what an acquirer's books can say otherwise.
 */

export const SANDBOX_SIMULATOR_STORE_KEY = "sandbox-simulator-store-key-0001";
export const SANDBOX_CARDS = { approve: "4242424242424242", decline: "4000000000000002" } as const;

const RETURN_FIELDS = ["orderId", "status", "amount", "reference", "errorCode", "errorMessage", "authCode"] as const;

export type SandboxSession = {
  id: string;
  orderId: string;
  amount: string;
  currency: string;
  merchant: string;
  returnUrl: string;
  notifyUrl: string;
  status: "open" | "approved" | "declined";
  refunds: { refundId: string; amount: string; at: string }[];
  /** When the checkout opened: the period its sale is listed in. */
  createdAt: string;
  errorCode: string | null;
  errorMessage: string | null;
  authCode: string | null;
};

/** A verdict the simulator sent (or held): the notification's body and the return URL the browser was sent to. */
export type SentVerdict = {
  orderId: string;
  notifyUrl: string;
  body: string;
  signature: string;
  returnUrl: string;
  held: boolean;
};

export type SandboxCardSimulator = {
  url: string;
  storeKey: string;
  sessions: Map<string, SandboxSession>;
  verdicts: SentVerdict[];
  /** Verdicts are held: no notification, and the browser is not sent back (the tab closed); `sendHeld` sends the notifications. */
  holdVerdicts(on: boolean): void;
  sendHeld(): Promise<void>;
  refuseRefunds(on: boolean): void;
  /** API answers wait this long (the call is still carried out). */
  delayApi(ms: number): void;
  /** Refund calls are lost: never carried out, never answered. */
  loseRefunds(on: boolean): void;
  /** A refund made in the acquirer's own back office, not by the merchant's API. */
  panelRefund(orderId: string, amount: string): string;
  /** A sale the merchant never opened (another shop's checkout booked to this merchant): its order id. */
  unknownSale(merchant: string, amount: string): string;
  /** The acquirer's books say another amount for the sale. */
  alterAmount(orderId: string, amount: string): void;
  /** A checkout the service saw declined or abandoned approved after all. */
  approveLate(orderId: string): void;
  /** The list answers this status, unreadable text or an unsigned page; null: pages again. */
  failReports(failure: number | "garbage" | "unsigned" | null): void;
  reportPageSize(size: number): void;
  /** Signs like the acquirer, with the given key (the store's by default). */
  sign(text: string, key?: string): string;
  stop(): Promise<void>;
};

const cents = (amount: string) => BigInt(amount.replace(".", ""));
const decimal = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store", ...headers });
  res.end(body);
}

export async function startSandboxCardSimulator(
  options: { port?: number; storeKey?: string } = {},
): Promise<SandboxCardSimulator> {
  const storeKey = options.storeKey ?? SANDBOX_SIMULATOR_STORE_KEY;
  const sessions = new Map<string, SandboxSession>();
  const verdicts: SentVerdict[] = [];
  const controls = { hold: false, refuse: false, delayMs: 0, lose: false };
  const listing: { failure: number | "garbage" | "unsigned" | null; pageSize: number } = {
    failure: null,
    pageSize: 100,
  };
  let injected = 0;
  let baseUrl = "";
  const sign = (text: string, key = storeKey) => createHmac("sha256", key).update(text).digest("hex");
  const signedBy = (text: string, signature: string | undefined) => {
    const expected = Buffer.from(sign(text));
    return (
      signature !== undefined &&
      signature.length === expected.length &&
      timingSafeEqual(expected, Buffer.from(signature))
    );
  };
  const byOrder = (orderId: unknown) => [...sessions.values()].find((s) => s.orderId === orderId);
  const json = (res: ServerResponse, status: number, body: unknown) =>
    send(res, status, "application/json", JSON.stringify(body));

  const notify = (v: SentVerdict) =>
    fetch(v.notifyUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-acquirer-signature": v.signature },
      body: v.body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      (r) => r.text(),
      () => "",
    );

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const raw = await readBody(req);
    if (path === "/api/refunds" && controls.lose) return; // never carried out, never answered
    if (controls.delayMs > 0) await new Promise((r) => setTimeout(r, controls.delayMs));
    if (!signedBy(raw, req.headers["x-acquirer-signature"] as string | undefined))
      return json(res, 401, { error: "Invalid signature" });
    const body = JSON.parse(raw || "{}") as Record<string, string>;
    if (path === "/api/transactions") return list(res, raw, body);
    if (path === "/api/ping") return json(res, 200, { ok: true, merchant: body.merchantId });
    if (path === "/api/sessions") {
      const existing = byOrder(body.orderId);
      const s: SandboxSession = existing ?? {
        id: `cs_${randomBytes(9).toString("hex")}`,
        orderId: body.orderId!,
        amount: body.amount!,
        currency: body.currency!,
        merchant: body.merchant!,
        returnUrl: body.returnUrl!,
        notifyUrl: body.notifyUrl!,
        status: "open",
        refunds: [],
        createdAt: new Date().toISOString(),
        errorCode: null,
        errorMessage: null,
        authCode: null,
      };
      sessions.set(s.id, s);
      return json(res, 200, { sessionId: s.id, redirectUrl: `${baseUrl}/pay/${s.id}` });
    }
    const s = byOrder(body.orderId);
    if (path === "/api/inquiries") {
      if (!s) return json(res, 404, { error: "Unknown order" });
      const refunded = s.refunds.reduce((sum, r) => sum + cents(r.amount), 0n);
      return json(res, 200, {
        orderId: s.orderId,
        sessionId: s.id,
        status: s.status,
        amount: s.amount,
        refundedAmount: decimal(refunded),
        refundIds: s.refunds.map((r) => r.refundId),
        errorCode: s.errorCode,
        errorMessage: s.errorMessage,
        authCode: s.authCode,
      });
    }
    if (path === "/api/refunds") {
      if (!s) return json(res, 404, { code: "ORDER_NOT_FOUND", message: "The acquirer does not know this order" });
      if (s.refunds.some((r) => r.refundId === body.refundId))
        return json(res, 200, { reference: `rf_${body.refundId}` });
      if (controls.refuse)
        return json(res, 422, { code: "REFUND_REFUSED", message: "The acquirer refused the refund" });
      const left = cents(s.amount) - s.refunds.reduce((sum, r) => sum + cents(r.amount), 0n);
      if (s.status !== "approved")
        return json(res, 422, {
          code: "NOT_REFUNDABLE",
          message: `The payment is ${s.status} at the acquirer, nothing to refund`,
        });
      if (!/^\d+\.\d{2}$/.test(body.amount ?? "") || cents(body.amount!) <= 0n || cents(body.amount!) > left)
        return json(res, 422, {
          code: "REFUND_EXCEEDS_AMOUNT",
          message: `The refund exceeds what is left to refund (${decimal(left)})`,
        });
      s.refunds.push({ refundId: body.refundId!, amount: body.amount!, at: new Date().toISOString() });
      return json(res, 200, { reference: `rf_${body.refundId}` });
    }
    json(res, 404, { error: "Not found" });
  }

  /**
   * The merchant's sales (in the period their checkout opened) and refunds (in the period they were made),
   * paged by offset, the answer signed over the request's body and its own.
   */
  function list(res: ServerResponse, raw: string, body: Record<string, string | null>): void {
    const from = Date.parse(String(body.from));
    const to = Date.parse(String(body.to));
    if (!(to > from) || to - from > 31 * 24 * 3600_000)
      return json(res, 422, { code: "BAD_PERIOD", message: "to must be after from, at most 31 days later" });
    if (typeof listing.failure === "number") return json(res, listing.failure, { error: "unavailable" });
    if (listing.failure === "garbage") return send(res, 200, "text/html", "<html>maintenance</html>");
    const within = (at: string) => Date.parse(at) >= from && Date.parse(at) < to;
    const records = [...sessions.values()]
      .filter((s) => s.merchant === body.merchant)
      .flatMap((s) => {
        const common = { orderId: s.orderId, sessionId: s.id, currency: s.currency };
        return [
          ...(within(s.createdAt)
            ? [
                {
                  ...common,
                  type: "sale",
                  reference: s.id,
                  amount: s.amount,
                  status: s.status,
                  occurredAt: s.createdAt,
                },
              ]
            : []),
          ...s.refunds
            .filter((r) => within(r.at))
            .map((r) => ({
              ...common,
              type: "refund",
              reference: `rf_${r.refundId}`,
              amount: r.amount,
              status: "approved",
              occurredAt: r.at,
            })),
        ];
      })
      .sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
    const offset = body.cursor ? Number(body.cursor) : 0;
    const next = offset + listing.pageSize < records.length ? String(offset + listing.pageSize) : null;
    const answer = JSON.stringify({ transactions: records.slice(offset, offset + listing.pageSize), nextCursor: next });
    const signature: Record<string, string> =
      listing.failure === "unsigned" ? {} : { "x-acquirer-signature": sign(`${raw}\n${answer}`) };
    send(res, 200, "application/json", answer, signature);
  }

  const session = (orderId: string) => {
    const s = byOrder(orderId);
    if (!s) throw new Error(`the acquirer holds no order ${orderId}`);
    return s;
  };

  /** The card form and its submission: the verdict notified, then the browser back to the return URL with it signed. */
  async function page(req: IncomingMessage, res: ServerResponse, url: URL, id: string): Promise<void> {
    const html = "text/html; charset=utf-8";
    const s = sessions.get(id);
    const lang = url.searchParams.get("lang") === "tr" ? "tr" : "en";
    if (!s || s.status !== "open") return send(res, 404, html, gonePage(lang));
    if (req.method === "GET") return send(res, 200, html, cardPage(s, lang, `${baseUrl}/pay/${s.id}?lang=${lang}`));
    const form = new URLSearchParams(await readBody(req));
    const approved = (form.get("number") ?? "").replace(/\D/g, "") === SANDBOX_CARDS.approve;
    Object.assign(
      s,
      approved
        ? { status: "approved", authCode: randomBytes(2).toString("hex").toUpperCase() }
        : { status: "declined", errorCode: "CARD_DECLINED", errorMessage: "The card was declined" },
    );
    const fields: Record<string, string | null> = {
      orderId: s.orderId,
      status: s.status,
      amount: s.amount,
      reference: s.id,
      errorCode: s.errorCode,
      errorMessage: s.errorMessage,
      authCode: s.authCode,
    };
    const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as Record<string, string>;
    // An approval's return shows the card as the service's sandbox does (its brand, the last four), signed after the
    // rest; a return without them is signed as before.
    const card: Record<string, string> = approved
      ? { cardBrand: "VISA", cardLast4: SANDBOX_CARDS.approve.slice(-4) }
      : {};
    const returnUrl = new URL(s.returnUrl);
    for (const [name, value] of Object.entries({ ...present, ...card })) returnUrl.searchParams.set(name, value);
    const signed = [
      ...RETURN_FIELDS.map((n) => `${n}=${present[n] ?? ""}`),
      ...Object.entries(card).map(([n, v]) => `${n}=${v}`),
    ];
    returnUrl.searchParams.set("signature", sign(signed.join("|")));
    const body = JSON.stringify({
      orderId: s.orderId,
      sessionId: s.id,
      amount: s.amount,
      status: s.status,
      ...(s.errorCode ? { errorCode: s.errorCode, errorMessage: s.errorMessage } : {}),
      ...(s.authCode ? { authCode: s.authCode } : {}),
      occurredAt: new Date().toISOString(),
    });
    const verdict: SentVerdict = {
      orderId: s.orderId,
      notifyUrl: s.notifyUrl,
      body,
      signature: sign(body),
      returnUrl: returnUrl.toString(),
      held: controls.hold,
    };
    verdicts.push(verdict);
    if (verdict.held) return send(res, 200, html, closedTabPage(lang));
    await notify(verdict);
    send(res, 303, html, "", { location: verdict.returnUrl });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const session = /^\/pay\/(cs_[0-9a-f]+)$/.exec(url.pathname)?.[1];
    const handler = session
      ? page(req, res, url, session)
      : req.method === "POST"
        ? api(req, res, url.pathname)
        : Promise.resolve(send(res, 404, "text/plain", "Not found"));
    handler.catch(() => {
      if (!res.headersSent) send(res, 500, "text/plain", "simulator error");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  server.unref();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    storeKey,
    sessions,
    verdicts,
    holdVerdicts: (on) => void (controls.hold = on),
    sendHeld: async () => {
      for (const v of verdicts.filter((x) => x.held)) {
        v.held = false;
        await notify(v);
      }
    },
    refuseRefunds: (on) => void (controls.refuse = on),
    delayApi: (ms) => void (controls.delayMs = ms),
    loseRefunds: (on) => void (controls.lose = on),
    panelRefund(orderId, amount) {
      injected += 1;
      const refundId = `panel-${injected}`;
      session(orderId).refunds.push({ refundId, amount, at: new Date().toISOString() });
      return `rf_${refundId}`;
    },
    unknownSale(merchant, amount) {
      injected += 1;
      const s: SandboxSession = {
        id: `cs_${randomBytes(9).toString("hex")}`,
        orderId: `FOREIGN-${injected}`,
        amount,
        currency: "TRY",
        merchant,
        returnUrl: "http://127.0.0.1:9/",
        notifyUrl: "http://127.0.0.1:9/",
        status: "approved",
        refunds: [],
        createdAt: new Date().toISOString(),
        errorCode: null,
        errorMessage: null,
        authCode: "F0RE",
      };
      sessions.set(s.id, s);
      return s.orderId;
    },
    alterAmount: (orderId, amount) => void (session(orderId).amount = amount),
    approveLate: (orderId) =>
      void Object.assign(session(orderId), {
        status: "approved",
        errorCode: null,
        errorMessage: null,
        authCode: "L4TE",
      }),
    failReports: (failure) => void (listing.failure = failure),
    reportPageSize: (size) => void (listing.pageSize = size),
    sign,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
