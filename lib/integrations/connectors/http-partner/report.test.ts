import { createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hmacSigner, PARTNER_NONCE_HEADER, signedAnswerHeaders } from "@/lib/base/crypto/partner-signature";
import { PartnerAnswerMismatch, PartnerCallError } from "../ports";
import type { PartnerRecord, ReportQuery } from "../report-port";
import { httpPartnerBank } from "./bank-connector";
import { httpPartnerGateway } from "./gateway-connector";

const SECRET = "report-test-secret-0123456789";

/** The answer a test scripts: a body (JSON or raw text), its status, and how it is signed. */
type Scripted = { status?: number; body: unknown; raw?: string; sign?: "ours" | "none" | "other" | "stale" };
type Received = { path: string; body: Record<string, unknown> };

let url = "";
let script: (call: Received) => Scripted = () => ({ body: {} });
const received: Received[] = [];

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const call = { path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> };
    received.push(call);
    const answer = script(call);
    const status = answer.status ?? 200;
    const text = answer.raw ?? JSON.stringify(answer.body);
    const nonce = String(req.headers[PARTNER_NONCE_HEADER]);
    const sign = answer.sign ?? "ours";
    const headers =
      sign === "none"
        ? {}
        : signedAnswerHeaders(
            hmacSigner(sign === "other" ? "another-secret-0123456789" : SECRET),
            sign === "stale" ? "an-earlier-requests-nonce-0001" : nonce,
            status,
            text,
          );
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(text);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => void (received.length = 0));

const config = () => ({ baseUrl: url, secret: SECRET, merchantId: "42", timeoutMs: 5000 });
const query = (account?: string): ReportQuery => ({
  day: "2026-12-05",
  from: new Date("2026-12-04T20:55:00Z"),
  to: new Date("2026-12-05T21:05:00Z"),
  account,
  orders: async function* () {},
});

async function collect(pages: AsyncIterable<{ body: string; records: PartnerRecord[] }>) {
  const bodies: string[] = [];
  const records: PartnerRecord[] = [];
  for await (const page of pages) {
    bodies.push(page.body);
    records.push(...page.records);
  }
  return { bodies, records };
}

async function failure(pages: AsyncIterable<unknown>): Promise<unknown> {
  try {
    await Array.fromAsync(pages);
  } catch (error) {
    return error;
  }
  throw new Error("the listing did not fail");
}

// The documented example answer (docs/partner-protocol.md, "Gateway: POST /transactions").
const GATEWAY_EXAMPLE = {
  transactions: [
    {
      reference: "GW-7F3K2M9QXA",
      clientRef: "TPCD-4JD8K2",
      kind: "deposit",
      amount: "250.00",
      currency: "TRY",
      status: "confirmed",
      occurredAt: "2026-12-05T14:05:00+03:00",
    },
    {
      reference: "GW-9QW2ZR7M1B",
      clientRef: "TPCW-8XK3N1",
      kind: "withdrawal",
      amount: "200.00",
      currency: "TRY",
      status: "failed",
      occurredAt: "2026-12-05T16:40:12+03:00",
      reason: "ACCOUNT_CLOSED",
    },
    {
      reference: "GW-2M7XQ4KD0C",
      clientRef: null,
      kind: "deposit",
      amount: "75.50",
      currency: "TRY",
      status: "confirmed",
      occurredAt: "2026-12-05T18:00:00+03:00",
    },
  ],
  nextCursor: "eyJhdCI6IjIwMjYtMTItMDVUMTg6MDA6MDAifQ",
};

// The documented example answer (docs/partner-protocol.md, "Bank: POST /statements/period").
const BANK_EXAMPLE = {
  lines: [
    {
      reference: "BNK-IN-5521",
      direction: "incoming",
      amount: "1500.00",
      counterpartyName: "Deniz Ak",
      counterpartyIban: "TR120006200000000123456789",
      description: "TPCE-9K2M4Q",
      occurredAt: "2026-12-05T09:12:44+03:00",
    },
    {
      reference: "BNK-OUT-7730",
      direction: "outgoing",
      amount: "400.00",
      counterpartyName: "Ece Yıldız",
      counterpartyIban: "TR560001000000000987654321",
      description: "withdrawal 88",
      occurredAt: "2026-12-05T11:30:00+03:00",
      clientRef: "TR-88-1",
      status: "completed",
    },
  ],
  nextCursor: null,
};
const IBAN = "TR330006100519786457841326";

describe("the gateway's transaction list", () => {
  it("reads the documented example, asks the Turkish day and pages on the cursor", async () => {
    const pending = {
      reference: "GW-LAST",
      clientRef: "TPCD-LAST",
      kind: "deposit",
      amount: "10.00",
      currency: "TRY",
      status: "pending",
      occurredAt: "2026-12-05T20:59:59Z",
    };
    script = (call) =>
      call.body.cursor === null ? { body: GATEWAY_EXAMPLE } : { body: { transactions: [pending], nextCursor: null } };
    const { bodies, records } = await collect(httpPartnerGateway.report!.pages(config(), query()));
    expect(received.map((r) => r.path)).toEqual(["/transactions", "/transactions"]);
    expect(received[0]!.body).toEqual({
      merchantId: "42",
      from: "2026-12-04T23:55:00+03:00",
      to: "2026-12-06T00:05:00+03:00",
      cursor: null,
    });
    expect(received[1]!.body.cursor).toBe(GATEWAY_EXAMPLE.nextCursor);
    expect(bodies[0]).toBe(JSON.stringify(GATEWAY_EXAMPLE));
    expect(records.map((r) => ({ ...r, raw: undefined }))).toEqual([
      {
        kind: "deposit",
        orderId: "TPCD-4JD8K2",
        partnerReference: "GW-7F3K2M9QXA",
        amount: "250.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2026-12-05T14:05:00+03:00",
      },
      {
        kind: "payout",
        orderId: "TPCW-8XK3N1",
        partnerReference: "GW-9QW2ZR7M1B",
        amount: "200.00",
        currency: "TRY",
        status: "failed",
        occurredAt: "2026-12-05T16:40:12+03:00",
      },
      {
        kind: "deposit",
        orderId: null,
        partnerReference: "GW-2M7XQ4KD0C",
        amount: "75.50",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2026-12-05T18:00:00+03:00",
      },
      {
        kind: "deposit",
        orderId: "TPCD-LAST",
        partnerReference: "GW-LAST",
        amount: "10.00",
        currency: "TRY",
        status: "pending",
        occurredAt: "2026-12-05T20:59:59Z",
      },
    ]);
    expect(records[1]!.raw).toEqual(GATEWAY_EXAMPLE.transactions[1]);
  });

  it.each([
    ["unsigned", "none" as const, /not signed/],
    ["signed with another secret", "other" as const, /does not match/],
    ["signed for another request", "stale" as const, /does not match/],
  ])("an answer %s throws and yields no page", async (_name, sign, message) => {
    script = () => ({ body: GATEWAY_EXAMPLE, sign });
    const pages = httpPartnerGateway.report!.pages(config(), query());
    const error = await failure(pages);
    expect(error).toBeInstanceOf(PartnerAnswerMismatch);
    expect(String(error)).toMatch(message);
  });

  it("an unreadable page throws: not JSON, a malformed record, a status of another kind, too long", async () => {
    const one = GATEWAY_EXAMPLE.transactions[0]!;
    const bad: Scripted[] = [
      { body: null, raw: "<html>busy</html>" },
      { body: { transactions: [{ ...one, amount: "250.5" }], nextCursor: null } },
      { body: { transactions: [{ ...one, status: "completed" }], nextCursor: null } },
      { body: { transactions: [{ ...one, occurredAt: "2026-12-05 14:05:00" }], nextCursor: null } },
      { body: { transactions: [{ ...one, clientRef: undefined }], nextCursor: null } },
      { body: { transactions: Array.from({ length: 501 }, () => one), nextCursor: null } },
      { body: { transactions: [one] } },
    ];
    for (const answer of bad) {
      script = () => answer;
      expect(await failure(httpPartnerGateway.report!.pages(config(), query()))).toBeInstanceOf(Error);
    }
  });

  it("a cursor handed back again would page forever: it throws", async () => {
    script = (call) => ({
      body: { transactions: [], nextCursor: call.body.cursor === "B" ? "A" : call.body.cursor === null ? "A" : "B" },
    });
    expect(String(await failure(httpPartnerGateway.report!.pages(config(), query())))).toMatch(/never end/);
    expect(received.map((r) => r.body.cursor)).toEqual([null, "A", "B"]);
  });

  it("a refused signature or a missing listing is refused; a 5xx is asked again later", async () => {
    for (const status of [401, 404, 422]) {
      script = () => ({ status, body: { code: "NO", message: "no" }, sign: "none" });
      const error = await failure(httpPartnerGateway.report!.pages(config(), query()));
      expect(error).toBeInstanceOf(PartnerCallError);
      expect((error as PartnerCallError).failure.kind).toBe("refused");
    }
    script = () => ({ status: 503, body: {}, sign: "none" });
    const error = await failure(httpPartnerGateway.report!.pages(config(), query()));
    expect((error as PartnerCallError).failure.kind).toBe("retry");
  });
});

describe("the bank's statement of a period", () => {
  it("reads the documented example: incoming lines are deposits, outgoing lines our transfers' payouts", async () => {
    script = () => ({ body: BANK_EXAMPLE });
    const { records } = await collect(httpPartnerBank.report!.pages(config(), query(IBAN)));
    expect(received[0]).toEqual({
      path: "/statements/period",
      body: { iban: IBAN, from: "2026-12-04T23:55:00+03:00", to: "2026-12-06T00:05:00+03:00", cursor: null },
    });
    expect(records.map((r) => ({ ...r, raw: undefined }))).toEqual([
      {
        kind: "deposit",
        orderId: null,
        partnerReference: "BNK-IN-5521",
        amount: "1500.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2026-12-05T09:12:44+03:00",
      },
      {
        kind: "payout",
        orderId: "TR-88-1",
        partnerReference: "BNK-OUT-7730",
        amount: "400.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: "2026-12-05T11:30:00+03:00",
      },
    ]);
  });

  it("a failed transfer's line is a failed payout; another currency is kept", async () => {
    const out = BANK_EXAMPLE.lines[1]!;
    script = () => ({ body: { lines: [{ ...out, status: "failed", currency: "USD" }], nextCursor: null } });
    const { records } = await collect(httpPartnerBank.report!.pages(config(), query(IBAN)));
    expect(records[0]).toMatchObject({ kind: "payout", status: "failed", currency: "USD" });
  });

  it("throws for an unsigned or foreign-signed answer, a line of another account, or no account asked", async () => {
    for (const sign of ["none", "other"] as const) {
      script = () => ({ body: BANK_EXAMPLE, sign });
      expect(await failure(httpPartnerBank.report!.pages(config(), query(IBAN)))).toBeInstanceOf(PartnerAnswerMismatch);
    }
    script = () => ({
      body: { lines: [{ ...BANK_EXAMPLE.lines[0], iban: "TR000000000000000000000001" }], nextCursor: null },
    });
    expect(String(await failure(httpPartnerBank.report!.pages(config(), query(IBAN))))).toMatch(/holds line/);
    received.length = 0;
    expect(String(await failure(httpPartnerBank.report!.pages(config(), query())))).toMatch(/no IBAN/);
    expect(received).toEqual([]);
  });
});
