import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpPartnerBank } from "@/lib/integrations/connectors/http-partner/bank-connector";
import { httpPartnerGateway } from "@/lib/integrations/connectors/http-partner/gateway-connector";
import { PartnerAnswerMismatch, PartnerCallError } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord, ReportQuery } from "@/lib/integrations/connectors/report-port";
import { startBankSimulator } from "./bank";
import { startGatewaySimulator } from "./gateway";
import { turkishTime } from "./listing";

/**
 * The http-partner connector's listings (docs/partner-protocol.md, "Listing transactions") against the
 * protocol's simulated gateway and bank over real HTTP: orders made through the connector, settled at the
 * partner, listed page by page, with what the partner can get wrong planted at it.
 */

const HOUR = 3600_000;
const query = (account?: string): ReportQuery => ({
  day: "today",
  from: new Date(Date.now() - HOUR),
  to: new Date(Date.now() + HOUR),
  account,
  orders: async function* () {},
});
const DEAD = "http://127.0.0.1:9/notify";

async function list(pages: AsyncIterable<{ body: string; records: PartnerRecord[] }>) {
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

const brief = (r: PartnerRecord) => [r.kind, r.orderId, r.partnerReference, r.amount, r.status];
/** Records stamped within the same second are listed in the partner's order: compare them by reference. */
const sorted = (records: PartnerRecord[]) =>
  records.map(brief).sort((a, b) => String(a[2]).localeCompare(String(b[2])));

describe("a gateway's transactions", () => {
  const secret = "gateway-report-secret-0001";
  let sim: Awaited<ReturnType<typeof startGatewaySimulator>>;
  let config: { baseUrl: string; secret: string; merchantId: string; timeoutMs: number };

  beforeAll(async () => {
    sim = await startGatewaySimulator({ secret });
    config = { baseUrl: sim.url, secret, merchantId: "m-1", timeoutMs: 5000 };
    const deposit = (clientRef: string, amount: string) =>
      httpPartnerGateway.issueDeposit(config, {
        clientRef,
        amount,
        currency: "TRY",
        cryptoType: "USDT-TRC20",
        notifyUrl: DEAD,
        returnUrl: DEAD,
        customer: { id: "u-1", name: "Deniz Ak", email: "deniz@example.com" },
      });
    const withdrawal = (clientRef: string, amount: string) =>
      httpPartnerGateway.submitWithdrawal(config, {
        clientRef,
        amount,
        currency: "TRY",
        account: { wallet_address: "TSimu1atedAddre55forTests0000000009" },
        notifyUrl: DEAD,
      });
    await deposit("TPCD-PAID", "250.00");
    await deposit("TPCD-PAID", "250.00"); // sent again after a timeout: one order at the gateway
    await deposit("TPCD-DECLINED", "100.00");
    await deposit("TPCD-OPEN", "40.00");
    await deposit("TPCD-YESTERDAY", "60.00");
    await withdrawal("TPCW-PAID", "200.00");
    await withdrawal("TPCW-FAILED", "300.00");
    sim.decide("TPCD-PAID", "confirmed");
    sim.decide("TPCD-DECLINED", "declined");
    sim.decide("TPCD-YESTERDAY", "confirmed", { at: new Date(Date.now() - 26 * HOUR) });
    sim.decide("TPCW-PAID", "completed");
    sim.decide("TPCW-FAILED", "failed");
  });
  afterAll(() => sim.close());

  it("lists the period's deposits and payouts by our clientRef, page by page, signed for each request", async () => {
    sim.reportPageSize(2);
    const { bodies, records } = await list(httpPartnerGateway.report!.pages(config, query()));
    expect(bodies).toHaveLength(3);
    expect(sorted(records)).toEqual([
      ["deposit", "TPCD-DECLINED", "SIM-TPCD-DECLINED", "100.00", "failed"],
      ["deposit", "TPCD-OPEN", "SIM-TPCD-OPEN", "40.00", "pending"],
      ["deposit", "TPCD-PAID", "SIM-TPCD-PAID", "250.00", "succeeded"],
      ["payout", "TPCW-FAILED", "SIMW-TPCW-FAILED", "300.00", "failed"],
      ["payout", "TPCW-PAID", "SIMW-TPCW-PAID", "200.00", "succeeded"],
    ]);
    expect(records.every((r) => r.currency === "TRY" && r.occurredAt.endsWith("+03:00"))).toBe(true);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ transactions: [{}, {}], nextCursor: "2" });
    const calls = sim.calls.filter((c) => c.path === "/transactions");
    expect(calls.map((c) => [c.version, c.body.cursor, c.body.merchantId])).toEqual([
      ["v2", null, "m-1"],
      ["v2", "2", "m-1"],
      ["v2", "4", "m-1"],
    ]);
    expect(calls[0]!.body.from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
    // The day before lists the deposit confirmed then, and nothing of today.
    const yesterday = await list(
      httpPartnerGateway.report!.pages(config, {
        ...query(),
        from: new Date(Date.now() - 27 * HOUR),
        to: new Date(Date.now() - 25 * HOUR),
      }),
    );
    expect(yesterday.records.map(brief)).toEqual([
      ["deposit", "TPCD-YESTERDAY", "SIM-TPCD-YESTERDAY", "60.00", "succeeded"],
    ]);
    sim.reportPageSize(100);
  });

  it("shows each discrepancy planted at the gateway as the gateway lists it", async () => {
    const stranger = sim.unknownDeposit("75.50");
    sim.alterAmount("TPCD-PAID", "249.00");
    sim.approveLate("TPCD-DECLINED");
    const twice = sim.payTwice("TPCW-PAID");
    const { records } = await list(httpPartnerGateway.report!.pages(config, query()));
    expect(records.find((r) => r.partnerReference === stranger.reference)).toMatchObject({
      kind: "deposit",
      orderId: null,
      amount: "75.50",
      status: "succeeded",
    });
    expect(records.find((r) => r.orderId === "TPCD-PAID")).toMatchObject({ amount: "249.00", status: "succeeded" });
    expect(records.find((r) => r.orderId === "TPCD-DECLINED")).toMatchObject({ status: "succeeded" });
    expect(records.filter((r) => r.orderId === "TPCW-PAID").map(brief)).toEqual([
      ["payout", "TPCW-PAID", "SIMW-TPCW-PAID", "200.00", "succeeded"],
      ["payout", "TPCW-PAID", twice.reference, "200.00", "succeeded"],
    ]);
    expect(records).toHaveLength(7);
  });

  it("a wrong secret is refused by the gateway; a failing or unsigned listing throws, never a page", async () => {
    const refused = await failure(
      httpPartnerGateway.report!.pages({ ...config, secret: "not-the-gateway-secret-01" }, query()),
    );
    expect(refused).toBeInstanceOf(PartnerCallError);
    expect((refused as PartnerCallError).failure.kind).toBe("refused");
    expect(sim.refused.at(-1)).toMatchObject({ path: "/transactions", reason: "v2 signature does not match" });

    const outcomes: unknown[] = [];
    for (const f of [503, "garbage", "unsigned", { secret: "another-gateway-secret-01" }] as const) {
      sim.failReports(f);
      outcomes.push(await failure(httpPartnerGateway.report!.pages(config, query())));
    }
    sim.failReports(null);
    expect((outcomes[0] as PartnerCallError).failure.kind).toBe("retry");
    expect(String(outcomes[1])).toMatch(/not JSON/);
    expect(outcomes[2]).toBeInstanceOf(PartnerAnswerMismatch);
    expect(outcomes[3]).toBeInstanceOf(PartnerAnswerMismatch);
    expect((await list(httpPartnerGateway.report!.pages(config, query()))).records).toHaveLength(7);
  });

  it("a gateway that signs no answers at all is never read", async () => {
    const unsigned = await startGatewaySimulator({ secret, answerSigning: "none" });
    try {
      const error = await failure(httpPartnerGateway.report!.pages({ ...config, baseUrl: unsigned.url }, query()));
      expect(error).toBeInstanceOf(PartnerAnswerMismatch);
      expect(String(error)).toMatch(/not signed/);
    } finally {
      await unsigned.close();
    }
  });
});

describe("a bank account's statement of a period", () => {
  const secret = "bank-report-secret-000001";
  const IBAN = "TR330006100519786457841326";
  const OTHER = "TR120006200000000123456789";
  let bank: Awaited<ReturnType<typeof startBankSimulator>>;
  let config: { baseUrl: string; secret: string; timeoutMs: number };
  const incoming = (iban: string, reference: string, amount: string, at = new Date()) =>
    bank.addLine(iban, {
      reference,
      direction: "incoming",
      amount,
      counterpartyName: "Deniz Ak",
      counterpartyIban: "TR560001000000000987654321",
      description: "TPCE-9K2M4Q",
      occurredAt: turkishTime(at),
    });

  beforeAll(async () => {
    bank = await startBankSimulator(secret, { [IBAN]: "10000.00", [OTHER]: "0.00" });
    config = { baseUrl: bank.url, secret, timeoutMs: 5000 };
    const transfer = (clientRef: string, amount: string) =>
      httpPartnerBank.submitTransfer(config, {
        clientRef,
        fromIban: IBAN,
        toIban: "TR560001000000000987654321",
        recipientName: "Ece Yıldız",
        amount,
        description: `withdrawal ${clientRef}`,
        notifyUrl: DEAD,
      });
    incoming(IBAN, "IN-1", "1500.00");
    incoming(IBAN, "IN-OLD", "80.00", new Date(Date.now() - 30 * HOUR));
    incoming(OTHER, "IN-OTHER", "90.00");
    await transfer("TR-1", "400.00");
    await transfer("TR-2", "120.00");
    await transfer("TR-3", "55.00"); // still pending at the bank: not on the statement
    bank.settleTransfer("TR-1", "completed");
    bank.settleTransfer("TR-2", "failed");
  });
  afterAll(() => bank.close());

  it("lists the account's lines of the period: payments received and our transfers, page by page", async () => {
    bank.reportPageSize(2);
    const { bodies, records } = await list(httpPartnerBank.report!.pages(config, query(IBAN)));
    bank.reportPageSize(100);
    expect(bodies).toHaveLength(2);
    const ref = (clientRef: string) => bank.transfers.get(clientRef)!.reference;
    expect(sorted(records)).toEqual(
      [
        ["deposit", null, "IN-1", "1500.00", "succeeded"],
        ["payout", "TR-1", ref("TR-1"), "400.00", "succeeded"],
        ["payout", "TR-2", ref("TR-2"), "120.00", "failed"],
      ].sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    );
    expect(records.every((r) => r.currency === "TRY")).toBe(true);
    expect(bank.calls.filter((c) => c.path === "/statements/period").map((c) => [c.body.iban, c.body.cursor])).toEqual([
      [IBAN, null],
      [IBAN, "2"],
    ]);
    // Another account's statement is its own.
    expect((await list(httpPartnerBank.report!.pages(config, query(OTHER)))).records.map(brief)).toEqual([
      ["deposit", null, "IN-OTHER", "90.00", "succeeded"],
    ]);
  });

  it("shows each discrepancy planted at the bank as its statement shows it", async () => {
    const stranger = bank.unknownDeposit(IBAN, "33.00");
    bank.alterAmount("TR-1", "399.00");
    const twice = bank.payTwice("TR-1");
    const { records } = await list(httpPartnerBank.report!.pages(config, query(IBAN)));
    expect(records.find((r) => r.partnerReference === stranger.reference)).toMatchObject({
      kind: "deposit",
      orderId: null,
      amount: "33.00",
    });
    expect(records.filter((r) => r.orderId === "TR-1").map(brief)).toEqual([
      ["payout", "TR-1", bank.transfers.get("TR-1")!.reference, "399.00", "succeeded"],
      ["payout", "TR-1", twice.reference, "400.00", "succeeded"],
    ]);
  });

  it("a wrong secret is refused by the bank; a failing, unreadable or unsigned statement throws", async () => {
    const refused = await failure(
      httpPartnerBank.report!.pages({ ...config, secret: "not-this-banks-secret-00" }, query(IBAN)),
    );
    expect((refused as PartnerCallError).failure.kind).toBe("refused");
    const outcomes: unknown[] = [];
    for (const f of [500, "garbage", "unsigned", { secret: "another-banks-secret-0001" }] as const) {
      bank.failReports(f);
      outcomes.push(await failure(httpPartnerBank.report!.pages(config, query(IBAN))));
    }
    bank.failReports(null);
    expect((outcomes[0] as PartnerCallError).failure.kind).toBe("retry");
    expect(String(outcomes[1])).toMatch(/not JSON/);
    expect(outcomes[2]).toBeInstanceOf(PartnerAnswerMismatch);
    expect(outcomes[3]).toBeInstanceOf(PartnerAnswerMismatch);
  });
});
