import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import { openEngine, payAtEngine, type EngineWorld } from "./engine";
import {
  approvedSale,
  decimalToMinor,
  DEFAULT_TERMINAL,
  retrefNum,
  today,
  type BankOrder,
  type Controls,
  type Terminal,
  type Txn,
} from "./state";
import { readRequest } from "./wire";

export { CARDS, HASH_PARAMS } from "./engine";
export { DEFAULT_TERMINAL } from "./state";

export type GarantiSimulatorOptions = { port?: number; terminals?: Terminal[] };

export type GarantiSimulator = {
  url: string;
  gatewayUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
  /** The customer closes the tab: payments complete at the bank, their outcome never comes back. */
  dropReturns(on?: boolean): void;
  /** Voids and refunds are refused (92, reason 0999). */
  refuseRefunds(on?: boolean): void;
  /** The API answers this HTTP status (null: normal answers). */
  answerApiWith(status: number | null): void;
  /** The API waits this long before answering. */
  delayApi(ms: number): void;
  /** Voids and refunds are answered only after this long (they are still carried out: a timed-out refund is made). */
  delayRefunds(ms: number): void;
  /** Voids and refunds are lost on the way: never carried out, never answered (a timed-out refund is not made). */
  loseRefunds(on?: boolean): void;
  /**
   * End of day: every sale so far is settled (from then on refunded, no longer voided), its history marked `mark`
   * ("Y" unless given; "" marks nothing and dates the sales a day back, as the next day would show them).
   */
  settle(mark?: string): void;
  /** The outcomes the engine sent back (or would have, when dropped), latest last. */
  returns(): { action: string; fields: [string, string][] }[];
  order(terminalId: string, orderId: string): BankOrder | undefined;
  /** The order's approved sale's amount less what was refunded, in kuruş; 0 when voided or not sold. */
  leftOf(terminalId: string, orderId: string): bigint;
  apiCalls(): { type: string; orderId: string; user: string }[];
  /**
   * Another merchant's own terminal at the bank (its own numbers, provision passwords and store key), as GVP gives
   * each shop: its orders, and what its order list, order inquiry, voids and refunds see, are its own.
   */
  addTerminal(): Terminal;
  /** The order list inquiry answers this HTTP status, or text that is no GVPSResponse ("garbage"); null: normal. */
  failReports(failure: number | "garbage" | null): void;
  /** Transactions per page of the order list inquiry (GVP's 500 unless set). */
  reportPageSize(size: number): void;
  /** A refund made in the GVP panel, of an approved sale, now (GVP's order id, letters and digits). */
  panelRefund(orderId: string, amount: string, terminalId?: string): Txn;
  /** A void made in the GVP panel of the order's approved sale, now. */
  panelVoid(orderId: string, terminalId?: string): Txn;
  /** An approved sale the service never sent (another shop on the terminal, a sale typed in the panel). */
  unknownSale(orderId: string, amount: string, terminalId?: string): Txn;
  /** The order's approved sale is now of another amount. */
  alterAmount(orderId: string, amount: string, terminalId?: string): void;
  /**
   * The bank approves an order late: its declined sale turns approved, or an order whose customer left the payment
   * page (an open session, else `amount` is needed) gets an approved sale now.
   */
  approveLate(orderId: string, amount?: string, terminalId?: string): Txn;
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

const ENGINE = "/servlet/gt3dengine";
const PAY = "/servlet/gt3dengine/pay";

/** Starts the simulated GVP on 127.0.0.1; it does not keep the process alive on its own. */
export async function startGarantiSimulator(options: GarantiSimulatorOptions = {}): Promise<GarantiSimulator> {
  const terminals = new Map((options.terminals ?? [DEFAULT_TERMINAL]).map((t) => [t.terminalId, t]));
  const controls: Controls = {
    dropReturns: false,
    refuseRefunds: false,
    apiHttpStatus: null,
    apiDelayMs: 0,
    refundDelayMs: 0,
    refundsLost: false,
    settledMark: "Y",
    reportFailure: null,
    listPageSize: 500,
  };
  const orders = new Map<string, BankOrder>();
  const world: EngineWorld = { terminals, sessions: new Map(), orders, controls, returns: [] };
  const calls: { type: string; orderId: string; user: string }[] = [];
  const firstTerminal = [...terminals.keys()][0]!;

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      const html = (page: { status: number; html: string }) =>
        send(res, page.status, "text/html; charset=UTF-8", page.html);
      if (req.method === "POST" && path === ENGINE) return html(openEngine(world, await readBody(req), PAY));
      if (req.method === "POST" && path === PAY) return html(payAtEngine(world, await readBody(req)));
      if (req.method === "POST" && path === "/VPServlet") {
        const body = await readBody(req);
        const type = readRequest(body)?.get("Transaction.Type");
        const givesBack = type === "void" || type === "refund";
        // Lost on the way: the bank never sees the call, the client waits until its own timeout.
        if (givesBack && controls.refundsLost) return;
        const delay = controls.apiDelayMs + (givesBack ? controls.refundDelayMs : 0);
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        if (controls.apiHttpStatus !== null)
          return send(res, controls.apiHttpStatus, "text/html", "<html><body>Service Unavailable</body></html>");
        const failure = type === "orderlistinq" ? controls.reportFailure : null;
        if (failure === "garbage")
          return send(res, 200, "application/xml; charset=UTF-8", "<GVPSResponse><Transaction><Response><Code>00");
        if (failure !== null) return send(res, failure, "text/html", "<html><body>Service Unavailable</body></html>");
        return send(
          res,
          200,
          "application/xml; charset=UTF-8",
          handleApi({ terminals, orders, controls, calls }, body),
        );
      }
      send(res, 404, "text/plain", "Not found");
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
  return {
    url,
    gatewayUrl: `${url}${ENGINE}`,
    apiUrl: `${url}/VPServlet`,
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
    settle: (mark = "Y") => {
      controls.settledMark = mark;
      const yesterday = today(new Date(Date.now() - 86_400_000));
      for (const order of orders.values())
        for (const txn of order.txns) {
          txn.settled = true;
          if (mark === "") txn.authDate = yesterday;
        }
    },
    returns: () => world.returns,
    order: (terminalId, orderId) => orders.get(`${terminalId}/${orderId}`),
    leftOf: (terminalId, orderId) => {
      const order = orders.get(`${terminalId}/${orderId}`);
      const sale = approvedSale(order);
      if (!order || !sale || sale.voidDate) return 0n;
      return (
        sale.amountMinor -
        order.txns.filter((t) => t.type === "refund" && t.status === "00").reduce((sum, t) => sum + t.amountMinor, 0n)
      );
    },
    apiCalls: () => calls,
    addTerminal: () => {
      const terminal = newTerminal(terminals);
      terminals.set(terminal.terminalId, terminal);
      return terminal;
    },
    failReports: (failure) => void (controls.reportFailure = failure),
    reportPageSize: (size) => void (controls.listPageSize = size),
    panelRefund: (orderId, amount, terminalId) => {
      const { order, sale } = saleOf(orderId, terminalId);
      return add(order, { ...sale, type: "refund", amountMinor: decimalToMinor(amount), authCode: "", settled: false });
    },
    panelVoid: (orderId, terminalId) => {
      const { order, sale } = saleOf(orderId, terminalId);
      sale.voidDate = today();
      return add(order, { ...sale, settled: false, type: "void" });
    },
    unknownSale: (orderId, amount, terminalId = firstTerminal) =>
      sell(terminalId, orderId, decimalToMinor(amount), "949"),
    alterAmount: (orderId, amount, terminalId) => {
      saleOf(orderId, terminalId).sale.amountMinor = decimalToMinor(amount);
    },
    approveLate: (orderId, amount, terminalId = firstTerminal) => {
      const declined = orders.get(`${terminalId}/${orderId}`)?.txns.find((t) => t.type === "sales");
      if (declined) {
        Object.assign(declined, { status: "00", returnCode: "00", authCode: "654321", at: new Date() });
        return declined;
      }
      const session = [...world.sessions.values()].find(
        (s) => s.terminal.terminalId === terminalId && s.get("orderid") === orderId,
      );
      if (!session && amount === undefined) throw new Error(`no order ${orderId} at the bank, and no amount given`);
      const minor = session ? BigInt(session.get("txnamount")) : decimalToMinor(amount!);
      return sell(terminalId, orderId, minor, session?.get("txncurrencycode") || "949");
    },
  };

  /** The order's approved sale, for the panel's own actions. */
  function saleOf(orderId: string, terminalId = firstTerminal): { order: BankOrder; sale: Txn } {
    const order = orders.get(`${terminalId}/${orderId}`);
    const sale = approvedSale(order);
    if (!order || !sale) throw new Error(`no approved sale of ${orderId} at the bank`);
    return { order, sale };
  }
  /** A panel transaction of the order, approved now, with its own host reference. */
  function add(order: BankOrder, txn: Txn): Txn {
    const made: Txn = {
      ...txn,
      status: "00",
      returnCode: "00",
      retrefNum: retrefNum(),
      voidDate: "",
      authDate: today(),
      at: new Date(),
      origRetrefNum: txn.retrefNum,
    };
    order.txns.push(made);
    return made;
  }
  function sell(terminalId: string, orderId: string, amountMinor: bigint, currencyCode: string): Txn {
    const order = orders.get(`${terminalId}/${orderId}`) ?? { terminalId, orderId, txns: [], mdStatus: "1" };
    const sale: Txn = {
      type: "sales",
      status: "00",
      returnCode: "00",
      amountMinor,
      currencyCode,
      retrefNum: retrefNum(),
      authCode: "654321",
      authDate: today(),
      voidDate: "",
      settled: false,
      at: new Date(),
    };
    order.txns.push(sale);
    orders.set(`${terminalId}/${orderId}`, order);
    return sale;
  }
}

/** A terminal whose merchant and terminal numbers no terminal of `taken` has, with passwords of its own. */
function newTerminal(taken: Map<string, Terminal>): Terminal {
  const secret = () => randomBytes(9).toString("base64url");
  const numbers = new Set([...taken.values()].flatMap((t) => [t.merchantId, t.terminalId]));
  let n = taken.size;
  while (numbers.has(String(7100000 + n)) || numbers.has(String(31000000 + n))) n += 1;
  return {
    merchantId: String(7100000 + n),
    terminalId: String(31000000 + n),
    users: { PROVAUT: secret(), PROVOOS: secret(), PROVRFN: secret() },
    refundUsers: ["PROVRFN"],
    storeKey: randomBytes(12).toString("hex"),
    merchantName: `Test Mağazası ${n}`,
  };
}
