import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addRefund, handleHistory, handleProcess, type ApiAnswer } from "./api";
import { openPayHosting, payAtPage, type GatewayWorld } from "./gateway";
import {
  approvedSale,
  authCode,
  decimalToMinor,
  DEFAULT_TERMINAL,
  newTerminal,
  refundedOf,
  rrn,
  type BankOrder,
  type Controls,
  type Terminal,
  type Txn,
} from "./state";

export { APPROVAL_PARAMS, CARDS } from "./gateway";
export { DEFAULT_TERMINAL } from "./state";

/**
 * The simulated Akbank virtual POS (JSON platform, hosted payment page) on 127.0.0.1, for the conformance suite and
 * the connector's integration tests, written from mewebstudio/pos's description of the protocol apart from the
 * connector's code (the two meet only on the wire). Each terminal has its own orders, as each shop has at the bank.
 */
export type AkbankPosSimulator = {
  url: string;
  gatewayUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
  /** The customer closes the tab: payments complete at the bank, their outcome never comes back. */
  dropReturns(on?: boolean): void;
  /** Cancels and refunds are refused (VPS-1099). */
  refuseRefunds(on?: boolean): void;
  /** The API answers this HTTP status (null: normal answers). */
  answerApiWith(status: number | null): void;
  delayApi(ms: number): void;
  /** Cancels and refunds are answered only after this long (they are still carried out). */
  delayRefunds(ms: number): void;
  /** Cancels and refunds are lost on the way: never carried out, never answered. */
  loseRefunds(on?: boolean): void;
  /** End of day: every terminal's batch closes; its sales are settled (refunded from then on, no longer cancelled). */
  settle(): void;
  /** The outcomes the page sent back (or would have, when dropped), latest last. */
  returns(): { action: string; fields: [string, string][] }[];
  order(terminalSafeId: string, orderId: string): BankOrder | undefined;
  apiCalls(): { path: string; txnCode: string; orderId: string }[];
  /** Another shop's own terminal (safe ids and secret key of its own). */
  addTerminal(): Terminal;
  /** The date-range history answers this HTTP status, or a body that is no JSON ("garbage"); null: normal. */
  failReports(failure: number | "garbage" | null): void;
  /** Most lines one history answer lists before VPS-2235 (the bank's 9999). */
  historyCap(lines: number): void;
  /** A refund made in the bank's portal of the order's approved sale, now. */
  panelRefund(terminalSafeId: string, orderId: string, amount: string): Txn;
  /** An approved sale the service never sent (a sale typed in the portal). */
  unknownSale(terminalSafeId: string, orderId: string, amount: string): Txn;
  /** The order's approved sale is now of another amount. */
  alterAmount(terminalSafeId: string, orderId: string, amount: string): void;
  /** The order's declined sale turns approved (or, with `amount`, a sale is approved now). */
  approveLate(terminalSafeId: string, orderId: string, amount?: string): Txn;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

const PAGE = "/payhosting";
const PAY = "/payhosting/pay";
const API = "/api/v1/payment/virtualpos";

export async function startAkbankPosSimulator(
  options: { port?: number; terminals?: Terminal[] } = {},
): Promise<AkbankPosSimulator> {
  const terminals = new Map((options.terminals ?? [{ ...DEFAULT_TERMINAL }]).map((t) => [t.terminalSafeId, t]));
  const controls: Controls = {
    dropReturns: false,
    refuseRefunds: false,
    apiHttpStatus: null,
    apiDelayMs: 0,
    refundDelayMs: 0,
    refundsLost: false,
    reportFailure: null,
    historyCap: 9999,
  };
  const orders = new Map<string, BankOrder>();
  const world: GatewayWorld = { terminals, sessions: new Map(), orders, controls, returns: [] };
  const calls: { path: string; txnCode: string; orderId: string }[] = [];
  const api = { terminals, orders, controls, calls };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      const html = (page: { status: number; html: string }) =>
        send(res, page.status, "text/html; charset=UTF-8", page.html);
      if (req.method === "POST" && path === PAGE) return html(openPayHosting(world, await readBody(req), PAY));
      if (req.method === "POST" && path === PAY) return html(payAtPage(world, await readBody(req)));
      const process = path === `${API}/transaction/process`;
      const history = path === `${API}/portal/report/transaction`;
      if (req.method !== "POST" || (!process && !history)) return send(res, 404, "text/plain", "Not found");
      const body = await readBody(req);
      const txnCode = /"txnCode"\s*:\s*"(\d+)"/.exec(body)?.[1];
      const givesBack = process && (txnCode === "1002" || txnCode === "1003");
      // Lost on the way: the bank never sees the call, the client waits until its own timeout.
      if (givesBack && controls.refundsLost) return;
      const delay = controls.apiDelayMs + (givesBack ? controls.refundDelayMs : 0);
      const authHash = String(req.headers["auth-hash"] ?? "");
      // A slow refund is carried out at once and answered late, as a bank whose answer is held up on the way.
      const answer: ApiAnswer | null =
        controls.apiHttpStatus === null && process ? handleProcess(api, body, authHash) : null;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      if (controls.apiHttpStatus !== null)
        return send(res, controls.apiHttpStatus, "text/html", "<html><body>Service Unavailable</body></html>");
      const failure = history ? controls.reportFailure : null;
      if (failure === "garbage")
        return send(res, 200, "application/json", '{"data":"H4sIAAAA", "responseCode": "VPS-00');
      if (failure !== null) return send(res, failure, "text/html", "<html><body>Service Unavailable</body></html>");
      const out = answer ?? handleHistory(api, body, authHash);
      send(res, out.status, "application/json; charset=UTF-8", out.body);
    })().catch(() => {
      if (!res.headersSent) send(res, 500, "text/plain", "Internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  server.unref();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const orderOf = (terminalSafeId: string, orderId: string) => orders.get(`${terminalSafeId}/${orderId}`);
  const saleOf = (terminalSafeId: string, orderId: string) => {
    const order = orderOf(terminalSafeId, orderId);
    const sale = approvedSale(order);
    if (!order || !sale) throw new Error(`no approved sale of ${orderId} at the bank`);
    return { order, sale };
  };
  const sell = (terminalSafeId: string, orderId: string, amountMinor: bigint): Txn => {
    const terminal = terminals.get(terminalSafeId);
    if (!terminal) throw new Error(`no terminal ${terminalSafeId}`);
    const order = orderOf(terminalSafeId, orderId) ?? { terminalSafeId, orderId, txns: [] };
    const code = authCode();
    const sale: Txn = {
      txnCode: "1000",
      responseCode: "VPS-0000",
      responseMessage: "BAŞARILI",
      hostResponseCode: "00",
      hostMessage: `000 ONAY KODU ${code}`,
      status: "N",
      amountMinor,
      currencyCode: 949,
      rrn: rrn(),
      authCode: code,
      orderId,
      orgOrderId: orderId,
      batchNumber: terminal.batchNumber,
      settled: false,
      at: new Date(),
      // A sale made behind the service's back (the panel, a late approval): the card of mewebstudio/pos's fixture.
      maskedCardNumber: "435509******5232",
    };
    order.txns.push(sale);
    orders.set(`${terminalSafeId}/${orderId}`, order);
    return sale;
  };

  return {
    url,
    gatewayUrl: `${url}${PAGE}`,
    apiUrl: `${url}${API}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    dropReturns: (on = true) => void (controls.dropReturns = on),
    refuseRefunds: (on = true) => void (controls.refuseRefunds = on),
    answerApiWith: (status) => void (controls.apiHttpStatus = status),
    delayApi: (ms) => void (controls.apiDelayMs = ms),
    delayRefunds: (ms) => void (controls.refundDelayMs = ms),
    loseRefunds: (on = true) => void (controls.refundsLost = on),
    settle: () => {
      for (const terminal of terminals.values()) terminal.batchNumber += 1;
      for (const order of orders.values()) for (const txn of order.txns) txn.settled = true;
    },
    returns: () => world.returns,
    order: orderOf,
    apiCalls: () => calls,
    addTerminal: () => {
      const terminal = newTerminal(terminals);
      terminals.set(terminal.terminalSafeId, terminal);
      return terminal;
    },
    failReports: (failure) => void (controls.reportFailure = failure),
    historyCap: (lines) => void (controls.historyCap = lines),
    panelRefund: (terminalSafeId, orderId, amount) => {
      const { order, sale } = saleOf(terminalSafeId, orderId);
      const minor = decimalToMinor(amount);
      if (minor > sale.amountMinor - refundedOf(order)) throw new Error("more than is left of the sale");
      return addRefund(order, sale, minor, terminals.get(terminalSafeId)!);
    },
    unknownSale: (terminalSafeId, orderId, amount) => sell(terminalSafeId, orderId, decimalToMinor(amount)),
    alterAmount: (terminalSafeId, orderId, amount) => {
      saleOf(terminalSafeId, orderId).sale.amountMinor = decimalToMinor(amount);
    },
    approveLate: (terminalSafeId, orderId, amount) => {
      const declined = orderOf(terminalSafeId, orderId)?.txns.find((t) => t.txnCode === "1000");
      if (declined) {
        const code = authCode();
        Object.assign(declined, {
          responseCode: "VPS-0000",
          responseMessage: "BAŞARILI",
          hostResponseCode: "00",
          hostMessage: `000 ONAY KODU ${code}`,
          authCode: code,
          at: new Date(),
        });
        return declined;
      }
      if (amount === undefined) throw new Error(`no sale of ${orderId} at the bank, and no amount given`);
      return sell(terminalSafeId, orderId, decimalToMinor(amount));
    },
  };
}
