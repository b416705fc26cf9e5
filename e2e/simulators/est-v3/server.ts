import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import { openGate, payAtGate, type GateWorld } from "./gate";
import {
  bankId,
  decimalToMinor,
  DEFAULT_STORE,
  historyTime,
  type BankCredit,
  type BankOrder,
  type Controls,
  type Store,
} from "./state";
import { encodeLatin5 } from "./wire";

export { CARDS } from "./gate";
export { DEFAULT_STORE } from "./state";

export type EstV3SimulatorOptions = { port?: number; stores?: Store[] };

export type EstV3Simulator = {
  url: string;
  gatewayUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
  /** The customer closes the tab: payments complete at the bank, their outcome never comes back. */
  dropReturns(on?: boolean): void;
  /** Refunds are refused with CORE-2508 (sale not yet through end of day). */
  refuseRefunds(on?: boolean): void;
  /** The API answers this HTTP status (null: normal answers). */
  answerApiWith(status: number | null): void;
  /** The API waits this long before answering (it still carries the call out: a timed-out refund is made). */
  delayApi(ms: number): void;
  /** API calls are lost: never carried out, never answered (a timed-out refund is not made). */
  loseApiCalls(on?: boolean): void;
  /** The issuer's 3-D Secure verdict for the next payments: "2"-"4" half (still authorised), "0"/"5"-"9" none; null: full. */
  threeDSecure(mdStatus: string | null): void;
  /** Each XML answer passes through this before it is sent (null: as built). */
  rewriteApiAnswers(rewrite: ((xml: string) => string) | null): void;
  /** The outcomes the gate sent back (or would have, when dropped), latest last. */
  returns(): { action: string; fields: [string, string][] }[];
  order(clientId: string, oid: string): BankOrder | undefined;
  apiCalls(): { type: string; orderId: string }[];
  /** When each ORDERHISTORY query arrived (ms since the epoch), oldest first: how fast a client asks. */
  historyCallTimes(): number[];
  /** ORDERHISTORY queries answer this HTTP status, or text that is no CC5Response ("garbage"); null: normal. */
  failReports(failure: number | "garbage" | null): void;
  /** A refund made in the bank's merchant panel, of the order's approved sale, now. */
  panelRefund(oid: string, amount: string, clientId?: string): BankCredit;
  /** A void made in the bank's merchant panel of the order's approved sale, now (the sale's state turns V). */
  panelVoid(oid: string, clientId?: string): BankOrder;
  /** An approved sale the service never sent (a sale typed in the panel, another shop on the store). */
  unknownSale(oid: string, amount: string, clientId?: string): BankOrder;
  /** The order's sale is now of another amount. */
  alterAmount(oid: string, amount: string, clientId?: string): void;
  /**
   * The bank approves an order late: its declined sale turns approved, or an order whose customer left the gate
   * (an open session, else `amount` is needed) gets an approved sale now.
   */
  approveLate(oid: string, amount?: string, clientId?: string): BankOrder;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  // Form bodies are percent-encoded ASCII; an XML body is read as UTF-8 (what our clients send).
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, contentType: string, body: Buffer | string): void {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

/** Starts the simulated EST bank on 127.0.0.1; it does not keep the process alive on its own. */
export async function startEstV3Simulator(options: EstV3SimulatorOptions = {}): Promise<EstV3Simulator> {
  const stores = new Map((options.stores ?? [DEFAULT_STORE]).map((s) => [s.clientId, s]));
  const controls: Controls = {
    dropReturns: false,
    refuseRefunds: false,
    apiHttpStatus: null,
    apiDelayMs: 0,
    apiLost: false,
    mdStatus: null,
    rewriteApi: null,
    reportFailure: null,
  };
  const orders = new Map<string, BankOrder>();
  const world: GateWorld = { stores, sessions: new Map(), orders, controls, returns: [] };
  const calls: { type: string; orderId: string }[] = [];
  const historyTimes: number[] = [];
  const firstStore = [...stores.keys()][0]!;

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      const html = (page: { status: number; html: string }) =>
        send(res, page.status, "text/html; charset=ISO-8859-9", encodeLatin5(page.html));
      if (req.method === "POST" && path === "/fim/est3Dgate") return html(openGate(world, await readBody(req)));
      if (req.method === "POST" && path === "/fim/est3Dgate/pay") return html(payAtGate(world, await readBody(req)));
      if (req.method === "POST" && path === "/fim/api") {
        const body = await readBody(req);
        // Lost on the way: the bank never sees the call, the client waits until its own timeout.
        if (controls.apiLost) return;
        if (controls.apiDelayMs > 0) await new Promise((r) => setTimeout(r, controls.apiDelayMs));
        if (controls.apiHttpStatus !== null)
          return send(res, controls.apiHttpStatus, "text/html", "<html><body>Service Unavailable</body></html>");
        const history = /ORDERHISTORY/.test(body);
        if (history) historyTimes.push(Date.now());
        const failure = history ? controls.reportFailure : null;
        if (failure === "garbage") return send(res, 200, "text/xml; charset=ISO-8859-9", "<CC5Response><Extra><TRX1>S");
        if (failure !== null) return send(res, failure, "text/html", "<html><body>Service Unavailable</body></html>");
        const xml = handleApi({ stores, orders, controls, calls }, body);
        return send(
          res,
          200,
          "text/xml; charset=ISO-8859-9",
          encodeLatin5(controls.rewriteApi ? controls.rewriteApi(xml) : xml),
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
    gatewayUrl: `${url}/fim/est3Dgate`,
    apiUrl: `${url}/fim/api`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    dropReturns: (on = true) => void (controls.dropReturns = on),
    refuseRefunds: (on = true) => void (controls.refuseRefunds = on),
    answerApiWith: (status) => void (controls.apiHttpStatus = status),
    delayApi: (ms) => void (controls.apiDelayMs = ms),
    loseApiCalls: (on = true) => void (controls.apiLost = on),
    threeDSecure: (mdStatus) => void (controls.mdStatus = mdStatus),
    rewriteApiAnswers: (rewrite) => void (controls.rewriteApi = rewrite),
    returns: () => world.returns,
    order: (clientId, oid) => orders.get(`${clientId}/${oid}`),
    apiCalls: () => calls,
    historyCallTimes: () => historyTimes,
    failReports: (failure) => void (controls.reportFailure = failure),
    panelRefund: (oid, amount, clientId) => {
      const order = approved(oid, clientId);
      const credit: BankCredit = {
        transId: bankId("R"),
        amountMinor: decimalToMinor(amount) ?? 0n,
        procReturnCode: "00",
        state: "C",
        hostRefNum: String(Date.now()).slice(-12),
        at: historyTime(),
      };
      order.refundedMinor += credit.amountMinor;
      order.credits.push(credit);
      return credit;
    },
    panelVoid: (oid, clientId) => Object.assign(approved(oid, clientId), { state: "V", voidAt: historyTime() }),
    unknownSale: (oid, amount, clientId = firstStore) => sell(clientId, oid, decimalToMinor(amount) ?? 0n, "949"),
    alterAmount: (oid, amount, clientId) => {
      approved(oid, clientId).amountMinor = decimalToMinor(amount) ?? 0n;
    },
    approveLate: (oid, amount, clientId = firstStore) => {
      const declined = orders.get(`${clientId}/${oid}`);
      if (declined)
        return Object.assign(declined, {
          state: "A",
          procReturnCode: "00",
          authCode: "P65432",
          transId: declined.transId || bankId("T"),
          authAt: historyTime(),
        });
      const session = [...world.sessions.values()].find((s) => s.store.clientId === clientId && s.get("oid") === oid);
      if (!session && amount === undefined) throw new Error(`no order ${oid} at the bank, and no amount given`);
      const minor = decimalToMinor(session ? session.get("amount") : amount!) ?? 0n;
      return sell(clientId, oid, minor, session?.get("currency") || "949");
    },
  };

  /** The order's approved sale, for the panel's own actions. */
  function approved(oid: string, clientId = firstStore): BankOrder {
    const order = orders.get(`${clientId}/${oid}`);
    if (!order || order.state !== "A") throw new Error(`no approved sale of ${oid} at the bank`);
    return order;
  }
  function sell(clientId: string, oid: string, amountMinor: bigint, currency: string): BankOrder {
    const order: BankOrder = {
      clientId,
      oid,
      amountMinor,
      currency,
      state: "A",
      procReturnCode: "00",
      transId: bankId("T"),
      authCode: "P65432",
      hostRefNum: String(Date.now()).slice(-12),
      maskedPan: "4355 08** **** 4358",
      authAt: historyTime(),
      voidAt: "",
      refundedMinor: 0n,
      mdStatus: "1",
      credits: [],
    };
    orders.set(`${clientId}/${oid}`, order);
    return order;
  }
}
