import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import { openGate, payAtGate, type GateWorld } from "./gate";
import {
  approvedSale,
  decimalToMinor,
  DEFAULT_MERCHANT,
  hostRef,
  reqDate,
  requestGuid,
  type BankOrder,
  type Controls,
  type Merchant,
  type Txn,
} from "./state";
import { readRequest } from "./wire";

export { CARDS } from "./gate";
export { DEFAULT_MERCHANT } from "./state";

/**
 * The simulated QNB Finansbank PayFor on 127.0.0.1, for the conformance suite and the connector's tests: the 3-D
 * Host page (/Gateway/3DHost.aspx) and XMLGate (/Gateway/XMLGate.aspx), written from PayFor's published protocol
 * (mewebstudio/pos, QNB's PayFor samples) apart from the connector's code: the two meet only on the wire. Each
 * merchant's orders, batches and history are its own.
 */
export type PayforSimulator = {
  url: string;
  gatewayUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
  /** The customer closes the tab: payments complete at the bank, their outcome never comes back. */
  dropReturns(on?: boolean): void;
  /** Voids and refunds are refused (V015). */
  refuseRefunds(on?: boolean): void;
  /** XMLGate answers this HTTP status (null: normal answers). */
  answerApiWith(status: number | null): void;
  delayApi(ms: number): void;
  /** Voids and refunds are answered only after this long (they are still carried out). */
  delayRefunds(ms: number): void;
  /** Voids and refunds are lost on the way: never carried out, never answered. */
  loseRefunds(on?: boolean): void;
  /** End of day: the open batch closes (its sales are refunded from now on, no longer voided). */
  endOfDay(): void;
  returns(): { action: string; fields: [string, string][] }[];
  order(merchantId: string, orderId: string): BankOrder | undefined;
  apiCalls(): { txnType: string; orderId: string }[];
  /** Another shop's own merchant at the bank (its own numbers, API user and 3-D Secure key). */
  addMerchant(): Merchant;
  /** The day's TxnHistory answers this HTTP status, or text that is no TxnHistoryReport ("garbage"); null: normal. */
  failReports(failure: number | "garbage" | null): void;
  /** A refund made in the PayFor panel of the order's approved sale, now. */
  panelRefund(merchantId: string, orderId: string, amount: string): Txn;
  /** An approved sale the service never sent (a sale typed in the panel). */
  unknownSale(merchantId: string, orderId: string, amount: string): Txn;
  /** The order's approved sale is now of another amount. */
  alterAmount(merchantId: string, orderId: string, amount: string): void;
  /** The order's declined (or unfinished) sale turns approved. */
  approveLate(merchantId: string, orderId: string): Txn;
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

const GATE = "/Gateway/3DHost.aspx";
const PAY = "/Gateway/3DHost.aspx/Pay";
const API = "/Gateway/XMLGate.aspx";
const UNAVAILABLE = "<html><body>Service Unavailable</body></html>";

export async function startPayforSimulator(
  options: { port?: number; merchants?: Merchant[] } = {},
): Promise<PayforSimulator> {
  const merchants = new Map((options.merchants ?? [DEFAULT_MERCHANT]).map((m) => [m.merchantId, m]));
  const controls: Controls = {
    dropReturns: false,
    refuseRefunds: false,
    apiHttpStatus: null,
    apiDelayMs: 0,
    refundDelayMs: 0,
    refundsLost: false,
    reportFailure: null,
    batchNo: 4320,
  };
  const orders = new Map<string, BankOrder>();
  const world: GateWorld = { merchants, sessions: new Map(), orders, controls, returns: [] };
  const calls: { txnType: string; orderId: string }[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      const html = (page: { status: number; html: string }) =>
        send(res, page.status, "text/html; charset=UTF-8", page.html);
      if (req.method === "POST" && path === GATE) return html(openGate(world, await readBody(req), PAY));
      if (req.method === "POST" && path === PAY) return html(payAtGate(world, await readBody(req)));
      if (req.method === "POST" && path === API) {
        const body = await readBody(req);
        const fields = readRequest(body);
        const type = fields?.get("TxnType");
        const givesBack = type === "Void" || type === "Refund";
        // Lost on the way: the bank never sees the call, the client waits until its own timeout.
        if (givesBack && controls.refundsLost) return;
        const delay = controls.apiDelayMs + (givesBack ? controls.refundDelayMs : 0);
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        if (controls.apiHttpStatus !== null) return send(res, controls.apiHttpStatus, "text/html", UNAVAILABLE);
        const failure = type === "TxnHistory" && fields?.get("ReqDate") ? controls.reportFailure : null;
        if (failure === "garbage")
          return send(res, 200, "text/xml; charset=utf-8", "<TxnHistoryReport><PaymentRequestExtended><Pay");
        if (failure !== null) return send(res, failure, "text/html", UNAVAILABLE);
        return send(res, 200, "text/xml; charset=utf-8", handleApi({ merchants, orders, controls, calls }, body));
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

  const orderOf = (merchantId: string, orderId: string) => {
    const order = orders.get(`${merchantId}/${orderId}`);
    if (!order) throw new Error(`PayFor has no order ${orderId} of merchant ${merchantId}`);
    return order;
  };
  const saleOf = (merchantId: string, orderId: string) => {
    const order = orderOf(merchantId, orderId);
    const sale = approvedSale(order);
    if (!sale) throw new Error(`no approved sale of ${orderId} at the bank`);
    return { order, sale };
  };
  const approvedNow = (t: Txn): Txn =>
    Object.assign(t, {
      code: "00",
      errMsg: "Onaylandı",
      txnStatus: "Y",
      txnResult: "Success",
      authCode: `S${String(10000 + (randomBytes(3).readUIntBE(0, 3) % 90000))}`,
      hostRef: t.hostRef || hostRef(),
      threeDStatus: t.threeDStatus || "1",
      at: new Date(),
      reqDate: reqDate(),
      batchNo: controls.batchNo,
      batchClosed: false,
    } satisfies Partial<Txn>);

  return {
    url,
    gatewayUrl: `${url}${GATE}`,
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
    endOfDay: () => {
      for (const order of orders.values()) for (const t of order.txns) t.batchClosed = true;
      controls.batchNo += 1;
    },
    returns: () => world.returns,
    order: (merchantId, orderId) => orders.get(`${merchantId}/${orderId}`),
    apiCalls: () => calls,
    addMerchant: () => {
      const n = merchants.size + 1;
      const merchant: Merchant = {
        mbrId: "5",
        merchantId: `0853000${String(10000000 + n).slice(-8)}`,
        username: `API_KULLANICI_${n}`,
        password: randomBytes(6).toString("base64url"),
        storeKey: randomBytes(8).toString("hex"),
        name: `Test Mağazası ${n}`,
        terminalId: `VS${String(10000 + n)}`,
      };
      merchants.set(merchant.merchantId, merchant);
      return merchant;
    },
    failReports: (failure) => void (controls.reportFailure = failure),
    panelRefund: (merchantId, orderId, amount) => {
      const { order, sale } = saleOf(merchantId, orderId);
      const t: Txn = {
        ...sale,
        requestGuid: requestGuid(),
        type: "Refund",
        orgOrderId: orderId,
        secureType: "NonSecure",
        amountMinor: decimalToMinor(amount),
        orgHostRef: sale.hostRef,
        hostRef: hostRef(),
        voidDate: "",
        at: new Date(),
        reqDate: reqDate(),
        batchNo: controls.batchNo,
        batchClosed: false,
      };
      order.txns.push(t);
      return t;
    },
    unknownSale: (merchantId, orderId, amount) => {
      const key = `${merchantId}/${orderId}`;
      const order = orders.get(key) ?? { merchantId, orderId, txns: [] };
      orders.set(key, order);
      const t = approvedNow({
        requestGuid: requestGuid(),
        type: "Auth",
        merchantId,
        orderId,
        orgOrderId: "",
        secureType: "3DHost",
        code: "",
        errMsg: "",
        amountMinor: decimalToMinor(amount),
        currency: "949",
        hostRef: "",
        orgHostRef: "",
        authCode: "",
        txnStatus: "",
        txnResult: "",
        threeDStatus: "1",
        voidDate: "",
        reqDate: reqDate(),
        at: new Date(),
        batchNo: controls.batchNo,
        batchClosed: false,
        cardMask: "415565******6111",
        cardHolder: "PANEL",
        installments: "0",
      });
      order.txns.push(t);
      return t;
    },
    alterAmount: (merchantId, orderId, amount) => {
      saleOf(merchantId, orderId).sale.amountMinor = decimalToMinor(amount);
    },
    approveLate: (merchantId, orderId) => {
      const sale = orderOf(merchantId, orderId).txns.find((t) => t.type === "Auth");
      if (!sale) throw new Error(`no sale of ${orderId} at the bank`);
      return approvedNow(sale);
    },
  };
}
