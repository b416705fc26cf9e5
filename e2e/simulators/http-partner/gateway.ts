import { failedListing, listingPage, turkishTime, type ReportFailure } from "./listing";
import { startPartnerSimulator, type SimulatorOptions } from "./server";

export type GatewaySimulatorOptions = {
  secret: string;
  /** Slow-gateway mode: the first `slowCalls` deposit orders are answered only after `delayMs`. */
  slowCalls?: number;
  delayMs?: number;
  /** How answers are signed (the protocol's way by default). */
  answerSigning?: SimulatorOptions["answerSigning"];
};

type DepositStatus = "pending" | "confirmed" | "declined";
type WithdrawalStatus = "pending" | "completed" | "failed" | "rejected";

/** A transaction as the gateway keeps it and lists it (docs/partner-protocol.md, "Listing transactions"). */
export type GatewayTransaction = {
  reference: string;
  clientRef: string | null;
  kind: "deposit" | "withdrawal";
  amount: string;
  currency: string;
  status: DepositStatus | WithdrawalStatus;
  occurredAt: string;
  reason?: string;
};

/**
 * A crypto gateway speaking the http-partner protocol: it opens one order per clientRef (a repeated order
 * gets the same reference and address back, as the protocol's partners deduplicate) and, in slow-gateway
 * mode, answers the first orders later than the service waits, so the page sees a timeout first. It keeps its
 * deposits and payouts, answers the status inquiry from them and lists them for reconciliation
 * (`/transactions`), where a test can plant what a real gateway gets wrong.
 */
export async function startGatewaySimulator({
  secret,
  slowCalls = 0,
  delayMs = 0,
  answerSigning,
}: GatewaySimulatorOptions) {
  let deposits = 0;
  let injected = 0;
  let pageSize = 100;
  let reportFailure: ReportFailure = null;
  /** Every transaction, in the order it was made: our orders and whatever else the gateway did. */
  const transactions: GatewayTransaction[] = [];
  const orders = new Map<string, GatewayTransaction>();
  const now = () => turkishTime(new Date());

  function open(kind: GatewayTransaction["kind"], body: Record<string, unknown>): GatewayTransaction {
    const clientRef = String(body.clientRef);
    const known = orders.get(`${kind}:${clientRef}`);
    if (known) return known;
    const order: GatewayTransaction = {
      reference: `${kind === "deposit" ? "SIM" : "SIMW"}-${clientRef}`,
      clientRef,
      kind,
      amount: String(body.amount),
      currency: String(body.currency ?? "TRY"),
      status: "pending",
      occurredAt: now(),
    };
    orders.set(`${kind}:${clientRef}`, order);
    transactions.push(order);
    return order;
  }

  const sim = await startPartnerSimulator(
    secret,
    (call) => {
      if (call.path.endsWith("/deposits")) {
        deposits += 1;
        const clientRef = String(call.body.clientRef);
        open("deposit", call.body);
        const body = {
          gatewayReference: `SIM-${clientRef}`,
          instructions: {
            kind: "crypto",
            network: "TRC20",
            cryptoType: String(call.body.cryptoType ?? "USDT-TRC20"),
            address: "TSimu1atedAddre55forTests0000000001",
            coinAmount: "42.00",
            reference: clientRef,
          },
        };
        return { status: 200, body, delayMs: deposits <= slowCalls ? delayMs : 0 };
      }
      if (call.path.endsWith("/withdrawals"))
        return { status: 200, body: { gatewayReference: open("withdrawal", call.body).reference } };
      if (call.path.endsWith("/inquiries")) {
        const clientRef = String(call.body.clientRef);
        const o = orders.get(`${String(call.body.kind)}:${clientRef}`);
        if (!o) return { status: 200, body: { clientRef, kind: call.body.kind, status: "not_found" } };
        const { reference, kind, status, amount, reason } = o;
        return { status: 200, body: { reference, clientRef, kind, status, amount, reason } };
      }
      if (call.path.endsWith("/transactions"))
        return failedListing(reportFailure, listingPage(call.body, transactions, "transactions", pageSize));
      return { status: 200, body: { success: true } };
    },
    { answerSigning },
  );

  function order(clientRef: string, kind: GatewayTransaction["kind"]): GatewayTransaction {
    const o = orders.get(`${kind}:${clientRef}`);
    if (!o) throw new Error(`the gateway holds no ${kind} ${clientRef}`);
    return o;
  }

  return {
    ...sim,
    transactions,
    /**
     * The gateway's verdict on an order (a deposit confirmed or declined, a payout completed, failed or
     * rejected), stamped now or at `at`; it notifies nobody: a test sends the notification if it wants one.
     */
    decide(clientRef: string, status: Exclude<GatewayTransaction["status"], "pending">, options: { at?: Date } = {}) {
      const kind = status === "confirmed" || status === "declined" ? "deposit" : "withdrawal";
      return Object.assign(order(clientRef, kind), {
        status,
        occurredAt: turkishTime(options.at ?? new Date()),
        ...(status === "declined" || status === "failed" || status === "rejected" ? { reason: status } : {}),
      });
    },
    /** Money the gateway took with none of our orders (paid without a reference): listed with clientRef null. */
    unknownDeposit(amount: string, currency = "TRY"): GatewayTransaction {
      injected += 1;
      const t: GatewayTransaction = {
        reference: `SIMX-${injected}`,
        clientRef: null,
        kind: "deposit",
        amount,
        currency,
        status: "confirmed",
        occurredAt: now(),
      };
      transactions.push(t);
      return t;
    },
    /** The gateway's records say another amount for the order than it was given. */
    alterAmount: (clientRef: string, amount: string, kind: GatewayTransaction["kind"] = "deposit") =>
      Object.assign(order(clientRef, kind), { amount }),
    /** A deposit the gateway declined (or the customer abandoned) confirmed after all, now. */
    approveLate: (clientRef: string) =>
      Object.assign(order(clientRef, "deposit"), { status: "confirmed", occurredAt: now(), reason: undefined }),
    /** The gateway paid a payout a second time: another completed transaction with the same clientRef. */
    payTwice(clientRef: string): GatewayTransaction {
      const first = order(clientRef, "withdrawal");
      const again: GatewayTransaction = {
        ...first,
        reference: `${first.reference}-2`,
        status: "completed",
        occurredAt: now(),
      };
      transactions.push(again);
      return again;
    },
    /** The listing answers this status, unreadable text or a bad signature instead of its page; null: pages again. */
    failReports: (failure: ReportFailure) => void (reportFailure = failure),
    /** How many transactions a page of the listing holds. */
    reportPageSize: (size: number) => void (pageSize = size),
  };
}
