import { randomBytes } from "node:crypto";
import { failedListing, listingPage, turkishTime, type ReportFailure } from "./listing";
import { startPartnerSimulator, type SimulatorOptions } from "./server";

/** A statement line as the protocol's /statements answers it (an optional `iban` names the account it is on). */
export type StatementLine = {
  reference: string;
  direction: "incoming" | "outgoing";
  amount: string;
  counterpartyName: string;
  counterpartyIban: string;
  description: string;
  occurredAt: string;
  clientRef?: string | null;
  status?: "completed" | "failed";
  iban?: string;
  currency?: string;
};

/** A transfer order as the bank holds it: its reference, its state and the order as received. */
export type BankTransfer = {
  reference: string;
  status: "pending" | "completed" | "failed";
  order?: Record<string, unknown>;
};

/**
 * An E-IBAN bank speaking the http-partner protocol (bank endpoints): accounts with balances, transfer
 * orders taken idempotently per clientRef (never settled on their own: a test settles them by statement line
 * or notification), statements a test writes lines into, the transfer inquiry, and notifications signed with
 * x-bank-signature's family to the service's /api/webhooks/bank. For reconciliation it lists an account's
 * lines over a period (`/statements/period`), where a test can plant what a real bank gets wrong.
 */
export async function startBankSimulator(
  secret: string,
  accounts: Record<string, string>,
  options: SimulatorOptions = {},
) {
  const statements = new Map<string, StatementLine[]>();
  const transfers = new Map<string, BankTransfer>();
  let reportFailure: ReportFailure = null;
  let pageSize = 100;
  let injected = 0;
  // A transfer order whose answer is lost: taken and kept, answered only after the caller gave up.
  let loseNextAnswerMs = 0;
  const sim = await startPartnerSimulator(
    secret,
    (call) => {
      if (call.method === "GET" && call.path.startsWith("/accounts/")) {
        const iban = decodeURIComponent(call.path.slice("/accounts/".length));
        return accounts[iban] === undefined
          ? { status: 404, body: { message: "no such account" } }
          : { status: 200, body: { iban, balance: accounts[iban] } };
      }
      if (call.path === "/transfers") {
        const clientRef = String(call.body.clientRef);
        const known = transfers.get(clientRef) ?? {
          reference: `BSIM-${randomBytes(6).toString("hex").toUpperCase()}`,
          status: "pending" as const,
          order: call.body,
        };
        transfers.set(clientRef, known);
        const delayMs = loseNextAnswerMs;
        loseNextAnswerMs = 0;
        return { status: 200, body: { reference: known.reference }, delayMs };
      }
      if (call.path === "/statements/period")
        return failedListing(
          reportFailure,
          listingPage(call.body, statements.get(String(call.body.iban)) ?? [], "lines", pageSize),
        );
      if (call.path === "/statements") {
        const lines = statements.get(String(call.body.iban)) ?? [];
        const after = call.body.cursor === null ? 0 : Number(call.body.cursor);
        const page = lines.slice(after);
        return { status: 200, body: { lines: page, nextCursor: String(lines.length) } };
      }
      if (call.path === "/transfers/inquiry") {
        const clientRef = String(call.body.clientRef);
        const known = transfers.get(clientRef);
        return {
          status: 200,
          body: known
            ? { clientRef, status: known.status, reference: known.reference }
            : { clientRef, status: "not_found", reference: null },
        };
      }
      return { status: 200, body: { success: true } };
    },
    { v1Header: "x-bank-signature", ...options },
  );
  const addLine = (iban: string, line: StatementLine) => statements.set(iban, [...(statements.get(iban) ?? []), line]);
  const lineOf = (referenceOrClientRef: string) => {
    for (const lines of statements.values()) {
      const line = lines.find((l) => l.reference === referenceOrClientRef || l.clientRef === referenceOrClientRef);
      if (line) return line;
    }
    throw new Error(`no statement line ${referenceOrClientRef}`);
  };
  const outgoing = (clientRef: string, t: BankTransfer, reference: string, at: Date): StatementLine => ({
    reference,
    direction: "outgoing",
    amount: String(t.order?.amount),
    counterpartyName: String(t.order?.recipientName ?? ""),
    counterpartyIban: String(t.order?.toIban ?? ""),
    description: String(t.order?.description ?? ""),
    occurredAt: turkishTime(at),
    clientRef,
    status: t.status === "failed" ? "failed" : "completed",
  });
  const transfer = (clientRef: string) => {
    const t = transfers.get(clientRef);
    if (!t?.order) throw new Error(`the bank holds no transfer ${clientRef}`);
    return t;
  };

  return {
    ...sim,
    transfers,
    /** Writes a line into an account's statement (what the poller then reads). */
    addLine,
    /** The bank carries out (or fails) a transfer order: its line on the source account's statement, stamped now or at `at`. */
    settleTransfer(clientRef: string, outcome: "completed" | "failed", options: { at?: Date } = {}) {
      const t = transfer(clientRef);
      t.status = outcome;
      const line = outgoing(clientRef, t, t.reference, options.at ?? new Date());
      addLine(String(t.order!.fromIban), line);
      return line;
    },
    /** A payment received that nobody announced to the service: a line on the account's statement only. */
    unknownDeposit(iban: string, amount: string): StatementLine {
      injected += 1;
      const line: StatementLine = {
        reference: `BSIM-IN-${injected}`,
        direction: "incoming",
        amount,
        counterpartyName: "Unknown Sender",
        counterpartyIban: "TR330006100519786457841326",
        description: "no reference",
        occurredAt: turkishTime(new Date()),
      };
      addLine(iban, line);
      return line;
    },
    /** The bank's line (by its reference, or a transfer's clientRef) says another amount. */
    alterAmount: (referenceOrClientRef: string, amount: string) =>
      Object.assign(lineOf(referenceOrClientRef), { amount }),
    /** The bank carried out a transfer a second time: another outgoing line with the same clientRef. */
    payTwice(clientRef: string): StatementLine {
      const t = transfer(clientRef);
      const line = { ...outgoing(clientRef, t, `${t.reference}-2`, new Date()), status: "completed" as const };
      addLine(String(t.order!.fromIban), line);
      return line;
    },
    /** The listing answers this status, unreadable text or a bad signature instead of its page; null: pages again. */
    failReports: (failure: ReportFailure) => void (reportFailure = failure),
    /** How many lines a page of the period listing holds. */
    reportPageSize: (size: number) => void (pageSize = size),
    /** The next transfer order is carried out, its answer sent only after `ms` (past the caller's timeout); 0: answered at once again. */
    loseNextAnswer: (ms: number) => void (loseNextAnswerMs = ms),
  };
}
