import { expect } from "vitest";
import { failedListing, listingPage, turkishTime, type ReportFailure } from "../../simulators/http-partner/listing";
import { startPartnerSimulator, v2Headers } from "../../simulators/http-partner/server";
import type { GatewayMessage, GatewayRow } from "../types";
import { without } from "./config";

const SECRET = "conformance-gateway-secret-0001";
const REFUSED_WALLET = "5000000000";

type Order = {
  reference: string;
  clientRef: string;
  kind: "deposit" | "withdrawal";
  amount: string;
  currency: string;
  status: string;
  reason?: string;
  notifyUrl: string;
  /** When the order reached its status (the protocol's listing shows it in that period). */
  occurredAt: string;
};
/** A transaction as the protocol's listing answers it (docs/partner-protocol.md, "Listing transactions"). */
type Listed = Omit<Order, "notifyUrl" | "clientRef"> & { clientRef: string | null };

const now = () => turkishTime(new Date());

/**
 * The http-partner protocol (docs/partner-protocol.md) for a wallet gateway, against the protocol's simulator
 * scripted as a small partner: orders kept per clientRef (a repeat gets the first answer), its status inquiry
 * answering from them, a refused wallet number answered 422, and signed (version 2) notifications. Its
 * transactions are listed for reconciliation (`/transactions`, through the protocol simulator's listing), beside
 * what the partner did on its own (a deposit without our reference, a payout made twice).
 */
export const httpPartnerGatewayRow: GatewayRow = {
  simulator: "e2e/simulators/http-partner",
  method: "wallet",
  requiredFields: ["wallet_number"],
  declinedStatus: "canceled",
  withdrawalRefusal: "ACCOUNT_CLOSED: wallet is closed",

  async start() {
    const orders = new Map<string, Order>();
    /** What the partner did beyond our orders, listed beside them. */
    const others: Listed[] = [];
    let loseNext = false;
    let reportFailure: ReportFailure = null;
    const listed = (): Listed[] =>
      [...orders.values(), ...others].map(
        ({ reference, clientRef, kind, amount, currency, status, reason, occurredAt }) => ({
          reference,
          clientRef,
          kind,
          amount,
          currency,
          status,
          ...(reason ? { reason } : {}),
          occurredAt,
        }),
      );
    const sim = await startPartnerSimulator(SECRET, (call) => {
      const clientRef = String(call.body.clientRef ?? "");
      if (call.path === "/ping") return { status: 200, body: { success: true } };
      if (call.path === "/transactions")
        return failedListing(reportFailure, listingPage(call.body, listed(), "transactions", 100));
      if (call.path === "/inquiries") {
        const o = orders.get(clientRef);
        return {
          status: 200,
          body: o
            ? {
                reference: o.reference,
                clientRef,
                kind: o.kind,
                status: o.status,
                ...(o.status === "confirmed" || o.status === "completed" ? { amount: o.amount } : {}),
                ...(o.reason ? { reason: o.reason } : {}),
              }
            : { clientRef, kind: call.body.kind, status: "not_found" },
        };
      }
      if (
        call.path === "/withdrawals" &&
        (call.body.account as Record<string, string>).wallet_number === REFUSED_WALLET
      )
        return { status: 422, body: { code: "ACCOUNT_CLOSED", message: "wallet is closed" } };
      const kind = call.path === "/deposits" ? "deposit" : "withdrawal";
      const order = orders.get(clientRef) ?? {
        reference: `GW-${clientRef}`,
        clientRef,
        kind,
        amount: String(call.body.amount),
        currency: String(call.body.currency ?? "TRY"),
        status: "pending",
        notifyUrl: String(call.body.notifyUrl),
        occurredAt: now(),
      };
      orders.set(clientRef, order);
      const body =
        kind === "deposit"
          ? {
              gatewayReference: order.reference,
              instructions: {
                kind: "wallet",
                walletNumber: "5001234567",
                holder: "Simulated Wallet A.Ş.",
                reference: clientRef,
              },
            }
          : { gatewayReference: order.reference };
      // A lost answer: the order is taken, the answer comes after the caller gave up.
      const delayMs = kind === "withdrawal" && loseNext ? ((loseNext = false), 4000) : 0;
      return { status: 200, body, delayMs };
    });

    const stateOf = (o: Order) => ({
      reference: o.reference,
      clientRef: o.clientRef,
      kind: o.kind,
      status: o.status,
      ...(o.status === "confirmed" || o.status === "completed" ? { amount: o.amount } : {}),
      ...(o.reason ? { reason: o.reason } : {}),
    });
    const order = (clientRef: string) => {
      const o = orders.get(clientRef);
      expect(o, `the partner holds ${clientRef}`).toBeDefined();
      return o!;
    };
    /** The partner decides an order now: its new status, listed from now. */
    const decide = (o: Order, status: string, reason?: string) =>
      Object.assign(o, { status, reason, occurredAt: now() });
    const post = (url: string, raw: string, headers: Record<string, string>) => sim.post(url, raw, headers);

    /** The partner's signed notification of the order's state, held; each delivery is signed anew, as the partner's retries are. */
    function held(o: Order): GatewayMessage {
      const body = stateOf(o);
      const raw = JSON.stringify(body);
      return {
        async deliver() {
          const answer = await sim.notify(o.notifyUrl, body);
          expect(answer).toMatchObject({ status: 200, json: { success: true } });
        },
        forgeries: () => [
          {
            name: "signed with another secret",
            deliver: async () =>
              expect((await sim.notify(o.notifyUrl, body, "not-the-gateway-secret-000")).status).toBe(401),
          },
          {
            name: "another amount under the signature",
            deliver: async () =>
              expect(
                (
                  await post(
                    o.notifyUrl,
                    JSON.stringify({ ...body, amount: "1.00" }),
                    v2Headers(SECRET, o.notifyUrl, raw),
                  )
                ).status,
              ).toBe(401),
          },
          {
            name: "signed ten minutes ago",
            deliver: async () =>
              expect(
                (await sim.notify(o.notifyUrl, body, SECRET, { timestamp: Math.floor(Date.now() / 1000) - 600 }))
                  .status,
              ).toBe(401),
          },
          {
            name: "version 1, signed with another secret",
            deliver: async () =>
              expect(
                (await sim.notify(o.notifyUrl, body, "not-the-gateway-secret-000", { version: "v1" })).status,
              ).toBe(401),
          },
        ],
        // Another gateway with the same secret verifies it, but holds no such order: nothing to apply.
        deliverTo: async (url) =>
          expect(await sim.notify(url, body)).toMatchObject({ status: 200, json: { status: "unknown" } }),
        release: async () => {},
      };
    }

    return {
      stop: () => sim.close(),
      reset() {
        loseNext = false;
        reportFailure = null;
      },
      config: (options = {}) => ({
        baseUrl: sim.url,
        secret: SECRET,
        merchantId: "conformance",
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
      wrongConfig: (good) => ({ config: { ...without(good, "secret"), colour: "red" }, names: ["secret", "colour"] }),
      async payDeposit(d) {
        return held(decide(order(d.code), "confirmed"));
      },
      async declineDeposit(d) {
        return held(decide(order(d.code), "declined", "the customer cancelled"));
      },
      async abandonDeposit(d) {
        // The partner's window closed unpaid: its inquiry now answers declined.
        decide(order(d.code), "declined", "expired unpaid");
      },
      async payDepositSilently(d) {
        decide(order(d.code), "confirmed");
      },
      account: (outcome) => ({ wallet_number: outcome === "paid" ? "5001234567" : REFUSED_WALLET }),
      async settleWithdrawal(w, outcome, notify) {
        const o = orders.get(w.code);
        if (!o) return; // refused when it was sent: the partner holds nothing
        decide(o, outcome === "paid" ? "completed" : "failed");
        if (notify) await held(o).deliver();
      },
      loseNextWithdrawalAnswer: () => void (loseNext = true),
      // The partner keeps one order per clientRef, however often it was sent.
      payoutsOf: (code) => (orders.has(code) ? 1 : 0),
      // The protocol has no refunds: a gateway's list holds deposits and withdrawals only.
      recon: {
        unknownDeposit(amount) {
          const reference = `GW-X-${others.length + 1}`;
          others.push({
            reference,
            clientRef: null,
            kind: "deposit",
            amount,
            currency: "TRY",
            status: "confirmed",
            occurredAt: now(),
          });
        },
        alterAmount: (d, amount) => void (order(d.code).amount = amount),
        approveLate: (d) => void decide(order(d.code), "confirmed"),
        payTwice(w) {
          const first = order(w.code);
          others.push({
            ...listed().find((t) => t.reference === first.reference)!,
            reference: `${first.reference}-2`,
            status: "completed",
            occurredAt: now(),
          });
        },
        failReports: (mode) => void (reportFailure = mode),
        cannot: { panelRefund: "the http-partner protocol has no refunds: its list holds deposits and withdrawals" },
      },
    };
  },
};
