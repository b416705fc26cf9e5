import { randomBytes } from "node:crypto";
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
};

/**
 * An E-IBAN bank speaking the http-partner protocol (bank endpoints): accounts with balances, transfer
 * orders taken idempotently per clientRef (never settled on their own: a test settles them by statement line
 * or notification), statements a test writes lines into, the transfer inquiry, and notifications signed with
 * x-bank-signature's family to the service's /api/webhooks/bank.
 */
export async function startBankSimulator(
  secret: string,
  accounts: Record<string, string>,
  options: SimulatorOptions = {},
) {
  const statements = new Map<string, StatementLine[]>();
  const transfers = new Map<string, { reference: string; status: "pending" | "completed" | "failed" }>();
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
        };
        transfers.set(clientRef, known);
        const delayMs = loseNextAnswerMs;
        loseNextAnswerMs = 0;
        return { status: 200, body: { reference: known.reference }, delayMs };
      }
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
  return {
    ...sim,
    transfers,
    /** Writes a line into an account's statement (what the poller then reads). */
    addLine: (iban: string, line: StatementLine) => statements.set(iban, [...(statements.get(iban) ?? []), line]),
    /** The next transfer order is carried out, its answer sent only after `ms` (past the caller's timeout); 0: answered at once again. */
    loseNextAnswer: (ms: number) => void (loseNextAnswerMs = ms),
  };
}
