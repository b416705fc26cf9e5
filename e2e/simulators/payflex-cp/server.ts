import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pay, queryPayment, refundedOf, register, search, vpos, type Bank } from "./bank";
import { cardPage, errorPage } from "./pages";
import { decimalToMinor, payflexId, type Controls, type Merchant, type Txn } from "./state";

export { CARDS } from "./bank";
export type { Merchant, Txn } from "./state";

/**
 * The simulated VakıfBank PayFlex on 127.0.0.1, for the conformance suite and the connector's tests: the common
 * payment (RegisterTransaction, the hosted card page, VposTransaction) and the virtual POS (Vposreq.aspx,
 * Search.aspx) on the paths VakıfBank's hosts use, each merchant's books of its own.
 */
export type PayflexCpSimulator = {
  url: string;
  gatewayUrl: string;
  apiUrl: string;
  vposApiUrl: string;
  queryUrl: string;
  /** Every request received, oldest first. */
  calls: { method: string; path: string; body: string }[];
  stop(): Promise<void>;
  /** A merchant of its own (a dealer's), with a password and a terminal. */
  addMerchant(): Merchant;
  /** The merchant's transactions of an order (its bank order id), oldest first. */
  transactions(merchantId: string, orderId: string): Txn[];
  /** Voids and refunds are refused (ResultCode 9999). */
  refuseRefunds(on?: boolean): void;
  /** Voids and refunds are carried out but answered only after `ms`. */
  delayRefunds(ms: number): void;
  /** Voids and refunds are lost: never carried out, never answered. */
  loseRefunds(on?: boolean): void;
  /** Searches answer this HTTP status, or text that is no XML ("garbage"); null: normal. */
  failReports(failure: number | "garbage" | null): void;
  /** The bank's end of day: today's sales settled (a void is refused after it). */
  settle(): void;
  /** A refund of the order's approved sale made in the merchant panel, now. */
  panelRefund(merchantId: string, orderId: string, amount: string): Txn;
  /** The order's declined sale approved after all. */
  approveLate(merchantId: string, orderId: string): Txn;
  /** The order's approved sale is now of another amount. */
  alterAmount(merchantId: string, orderId: string, amount: string): void;
};

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

const XML = "text/xml; charset=utf-8";
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

export async function startPayflexCpSimulator(options: { port?: number } = {}): Promise<PayflexCpSimulator> {
  const calls: PayflexCpSimulator["calls"] = [];
  const controls: Controls = { refuseRefunds: false, refundDelayMs: 0, loseRefunds: false, reportFailure: null };
  let url = "";
  const bank: Bank = { merchants: new Map(), registrations: new Map(), txns: [], baseUrl: () => url };
  let merchants = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const parsed = new URL(req.url ?? "/", "http://127.0.0.1");
      const path = parsed.pathname;
      const body = await readBody(req);
      calls.push({ method: req.method ?? "GET", path, body });
      const html = (status: number, page: string) => send(res, status, "text/html; charset=utf-8", page);
      if (req.method === "POST" && path === "/CommonPayment/api/RegisterTransaction")
        return send(res, 200, XML, register(bank, form(body)));
      if (req.method === "GET" && path === "/CommonPayment/SecurePayment") {
        const reg = bank.registrations.get(parsed.searchParams.get("Ptkn") ?? "");
        if (!reg || reg.transactionId)
          return html(404, errorPage(reg?.lang ?? "tr", "Ödeme bulunamadı / payment not found"));
        return html(200, cardPage(reg.lang, reg.token, { orderId: reg.orderId, amount: reg.amount }));
      }
      if (req.method === "POST" && path === "/CommonPayment/SecurePayment/pay") {
        const back = pay(bank, form(body));
        if (!back) return html(404, errorPage("en", "Ödeme bulunamadı / payment not found"));
        return send(res, 302, "text/plain", "", { location: back.location });
      }
      if (req.method === "POST" && path === "/CommonPayment/api/VposTransaction")
        return send(res, 200, XML, queryPayment(bank, form(body)));
      if (req.method === "POST" && path === "/VposService/v3/Vposreq.aspx") {
        // Lost on the way: the bank never sees the call, the client waits until its own timeout.
        if (controls.loseRefunds) return;
        const answer = vpos(bank, form(body).prmstr ?? "", controls.refuseRefunds);
        if (controls.refundDelayMs > 0) await new Promise((r) => setTimeout(r, controls.refundDelayMs));
        return send(res, 200, XML, answer);
      }
      if (req.method === "POST" && path === "/UIService/Search.aspx") {
        const failure = controls.reportFailure;
        if (failure === "garbage") return send(res, 200, XML, "<SearchResponse><ResponseInfo><ResponseCode>00");
        if (failure !== null) return send(res, failure, "text/html", "<html><body>Request Rejected</body></html>");
        return send(res, 200, XML, search(bank, form(body).prmstr ?? ""));
      }
      send(res, 404, "text/plain", "Not found");
    })().catch(() => {
      if (!res.headersSent) send(res, 500, "text/plain", "simulator error");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  server.unref();
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ofOrder = (merchantId: string, orderId: string) =>
    bank.txns.filter((t) => t.merchantId === merchantId && t.orderId === orderId);
  const sale = (merchantId: string, orderId: string, approved: boolean) => {
    const found = ofOrder(merchantId, orderId).find((t) => t.type === "Sale" && (t.resultCode === "0000") === approved);
    if (!found) throw new Error(`no ${approved ? "approved" : "declined"} sale of ${orderId} at the bank`);
    return found;
  };
  return {
    url,
    gatewayUrl: `${url}/CommonPayment/api/RegisterTransaction`,
    apiUrl: `${url}/CommonPayment/api/VposTransaction`,
    vposApiUrl: `${url}/VposService/v3/Vposreq.aspx`,
    queryUrl: `${url}/UIService/Search.aspx`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    addMerchant() {
      merchants += 1;
      const m: Merchant = {
        merchantId: String(100000013506 + merchants).padStart(15, "0"),
        password: `pw${payflexId().slice(0, 10)}`,
        terminalId: `VP${String(579 + merchants).padStart(6, "0")}`,
      };
      bank.merchants.set(m.merchantId, m);
      return m;
    },
    transactions: ofOrder,
    refuseRefunds: (on = true) => void (controls.refuseRefunds = on),
    delayRefunds: (ms) => void (controls.refundDelayMs = ms),
    loseRefunds: (on = true) => void (controls.loseRefunds = on),
    failReports: (failure) => void (controls.reportFailure = failure),
    settle: () => bank.txns.forEach((t) => (t.settled = true)),
    panelRefund(merchantId, orderId, amount) {
      const s = sale(merchantId, orderId, true);
      const minor = decimalToMinor(amount) ?? 0n;
      const txn: Txn = {
        ...s,
        transactionId: payflexId(),
        type: "Refund",
        amountMinor: minor,
        referenceTransactionId: s.transactionId,
        isCanceled: false,
        isRefunded: false,
      };
      bank.txns.push(txn);
      s.isRefunded = refundedOf(bank, s) === s.amountMinor;
      return txn;
    },
    approveLate(merchantId, orderId) {
      return Object.assign(sale(merchantId, orderId, false), {
        resultCode: "0000",
        message: "İŞLEM BAŞARILI",
        authCode: "654321",
      });
    },
    alterAmount(merchantId, orderId, amount) {
      sale(merchantId, orderId, true).amountMinor = decimalToMinor(amount) ?? 0n;
    },
  };
}
