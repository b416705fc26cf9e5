import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import { openHost, payAtHost, type HostWorld } from "./host";
import { bankDate, DEFAULT_SHOP, dotDecimalToMinor, transId, type BankOrder, type Controls, type Shop } from "./state";

export { CARDS } from "./host";
export { DEFAULT_SHOP } from "./state";

/**
 * The simulated Denizbank InterVPOS on 127.0.0.1, for the conformance suite and the connector's tests: 3DHost.aspx
 * (the hosted card page) and Default.aspx (the API), written from the bank's protocol as mewebstudio/pos and the
 * bank's field lists describe it, apart from the connector's code (the two meet only on the wire).
 */
export type InterposSimulatorOptions = { port?: number; shops?: Shop[] };

export type InterposSimulator = {
  url: string;
  gatewayUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
  /** The customer closes the tab: payments complete at the bank, their outcome never comes back. */
  dropReturns(on?: boolean): void;
  /** Voids and refunds are refused (ProcReturnCode 12). */
  refuseRefunds(on?: boolean): void;
  /** Voids and refunds are carried out at once, answered after `ms` (0: at once). */
  delayRefunds(ms: number): void;
  /** Voids and refunds are lost: never carried out, never answered. */
  loseRefunds(on?: boolean): void;
  /** The issuer's 3-D verdict for the next payments: "2"-"4" half, "0" none; null: full. */
  threeDSecure(mdStatus: string | null): void;
  /** StatusHistory answers this HTTP status, or garbage; null: normal. */
  failReports(failure: number | "garbage" | null): void;
  /** The bank's end of day: every sale of the day is settled (TxnStatus S), so it is refunded, no longer voided. */
  settle(): void;
  /** The outcomes the host page sent back (or would have, when dropped), latest last. */
  returns(): { action: string; fields: [string, string][] }[];
  order(orderId: string, shopCode?: string): BankOrder | undefined;
  /** Every API call: its TxnType and orgOrderId, and when it came (ms since the epoch). */
  apiCalls(): { txnType: string; orderId: string; at: number }[];
  /** A refund made in the bank's merchant panel, of the order's approved sale, now. */
  panelRefund(orderId: string, amount: string, shopCode?: string): void;
  /** The order's declined sale approved after all (or, with `amount`, an approved sale of an order it never saw). */
  approveLate(orderId: string, amount?: string, shopCode?: string): BankOrder;
  /** The order's sale is now of another amount. */
  alterAmount(orderId: string, amount: string, shopCode?: string): void;
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startInterposSimulator(options: InterposSimulatorOptions = {}): Promise<InterposSimulator> {
  const shops = new Map((options.shops ?? [DEFAULT_SHOP]).map((s) => [s.shopCode, s]));
  const firstShop = [...shops.keys()][0]!;
  const controls: Controls = {
    dropReturns: false,
    refuseRefunds: false,
    refundDelayMs: 0,
    refundsLost: false,
    mdStatus: null,
    reportFailure: null,
  };
  const orders = new Map<string, BankOrder>();
  const world: HostWorld = { shops, sessions: new Map(), orders, controls, returns: [] };
  const calls: { txnType: string; orderId: string; at: number }[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      const html = (page: { status: number; html: string }) =>
        send(res, page.status, "text/html; charset=utf-8", page.html);
      if (req.method === "POST" && path === "/mpi/3DHost.aspx") return html(openHost(world, await readBody(req)));
      if (req.method === "POST" && path === "/mpi/3DHostPay.aspx") return html(payAtHost(world, await readBody(req)));
      if (req.method === "POST" && path === "/mpi/Default.aspx") {
        const body = await readBody(req);
        const params = new URLSearchParams(body);
        const txnType = params.get("TxnType") ?? "";
        calls.push({ txnType, orderId: params.get("orgOrderId") ?? "", at: Date.now() });
        const givesBack = txnType === "Void" || txnType === "Refund";
        // Lost on the way: the bank never sees the call, the client waits until its own timeout.
        if (givesBack && controls.refundsLost) return;
        if (txnType === "StatusHistory" && controls.reportFailure !== null) {
          if (controls.reportFailure === "garbage")
            return send(res, 200, "text/html", "<html><body>Hata</body></html>");
          return send(res, controls.reportFailure, "text/html", "<html><body>Service Unavailable</body></html>");
        }
        const result = handleApi({ shops, orders, controls }, body);
        if (givesBack && controls.refundDelayMs > 0) await sleep(controls.refundDelayMs);
        return send(res, 200, "text/plain; charset=utf-8", result.text);
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

  const approved = (orderId: string, shopCode = firstShop) => {
    const order = orders.get(`${shopCode}/${orderId}`);
    if (!order || (order.txnStatus !== "C" && order.txnStatus !== "S"))
      throw new Error(`no approved sale of ${orderId} at the bank`);
    return order;
  };
  const minor = (amount: string) => {
    const m = dotDecimalToMinor(amount);
    if (m === null) throw new Error(`not an amount: ${amount}`);
    return m;
  };
  return {
    url,
    gatewayUrl: `${url}/mpi/3DHost.aspx`,
    apiUrl: `${url}/mpi/Default.aspx`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    dropReturns: (on = true) => void (controls.dropReturns = on),
    refuseRefunds: (on = true) => void (controls.refuseRefunds = on),
    delayRefunds: (ms) => void (controls.refundDelayMs = ms),
    loseRefunds: (on = true) => void (controls.refundsLost = on),
    threeDSecure: (mdStatus) => void (controls.mdStatus = mdStatus),
    failReports: (failure) => void (controls.reportFailure = failure),
    settle: () => {
      for (const order of orders.values()) if (order.txnStatus === "C") order.txnStatus = "S";
    },
    returns: () => world.returns,
    order: (orderId, shopCode = firstShop) => orders.get(`${shopCode}/${orderId}`),
    apiCalls: () => calls,
    panelRefund: (orderId, amount, shopCode) => {
      const order = approved(orderId, shopCode);
      const given = minor(amount);
      order.refundedMinor += given;
      order.givenBack.push({ kind: "refund", transId: transId(), amountMinor: given });
    },
    approveLate: (orderId, amount, shopCode = firstShop) => {
      const declined = orders.get(`${shopCode}/${orderId}`);
      if (declined)
        return Object.assign(declined, {
          txnStatus: "C" as const,
          procReturnCode: "00",
          authCode: "LATE01",
          transId: declined.transId || transId(),
          trxDate: declined.trxDate || bankDate(),
        });
      if (amount === undefined) throw new Error(`no order ${orderId} at the bank, and no amount given`);
      const order: BankOrder = {
        shopCode,
        orderId,
        amountMinor: minor(amount),
        currency: "949",
        txnStatus: "C",
        procReturnCode: "00",
        transId: transId(),
        authCode: "LATE01",
        trxDate: bankDate(),
        voidDate: "",
        refundedMinor: 0n,
        mdStatus: "1",
        givenBack: [],
      };
      orders.set(`${shopCode}/${orderId}`, order);
      return order;
    },
    alterAmount: (orderId, amount, shopCode) => {
      approved(orderId, shopCode).amountMinor = minor(amount);
    },
  };
}
