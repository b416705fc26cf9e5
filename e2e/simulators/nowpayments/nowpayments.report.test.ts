import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type NowpaymentsSimulator,
  SIMULATOR_DEFAULTS,
  startNowpaymentsSimulator,
} from "@/e2e/simulators/nowpayments/server";
import { nowpaymentsConnector as np } from "@/lib/integrations/connectors/nowpayments";
import { type NowpaymentsConfig, nowpaymentsConfigSchema } from "@/lib/integrations/connectors/nowpayments/config";
import { nowpaymentsReport } from "@/lib/integrations/connectors/nowpayments/report";
import { PartnerCallError } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord, PartnerReport, ReportPage, ReportQuery } from "@/lib/integrations/connectors/report-port";

/**
 * The report against the NOWPayments simulator over real HTTP: deposits and withdrawals made through the
 * connector's normal flows, then the day listed (payment list, then payout list) and read back as records;
 * discrepancies made at "NOWPayments" behind the service's back appear as NOWPayments reports them.
 */

let sim: NowpaymentsSimulator;
let config: NowpaymentsConfig;
const started = Date.now();
// Nobody listens here: the IPNs are not what this file is about.
const notifyUrl = "http://127.0.0.1:9/ipn";

beforeAll(async () => {
  sim = await startNowpaymentsSimulator();
  sim.setBalance("trx", 1_000_000);
  config = nowpaymentsConfigSchema.parse({ ...SIMULATOR_DEFAULTS, baseUrl: sim.url, timeoutMs: 2000 });
});
afterAll(() => sim.stop());
afterEach(() => sim.failReports(null));

function query(): ReportQuery {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date(started));
  return {
    day,
    from: new Date(started - 3600_000),
    to: new Date(Date.now() + 3600_000),
    orders: async function* () {},
  };
}

async function listDay(
  report: PartnerReport<NowpaymentsConfig> = np.report,
  on: NowpaymentsConfig = config,
): Promise<{ pages: ReportPage[]; records: PartnerRecord[] }> {
  const pages: ReportPage[] = [];
  for await (const page of report.pages(on, query())) pages.push(page);
  return { pages, records: pages.flatMap((p) => p.records) };
}

const of = (records: PartnerRecord[], orderId: string) => records.filter((r) => r.orderId === orderId);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof PartnerCallError ? e.failure : e),
  );

async function deposit(clientRef: string, amount: string, cryptoType = "USDT-TRC20") {
  const { gatewayReference } = await np.issueDeposit(config, {
    clientRef,
    amount,
    currency: "TRY",
    cryptoType,
    notifyUrl,
    returnUrl: "http://127.0.0.1/back",
    customer: { id: "c1", name: "Ada", email: "ada@example.com" },
  });
  return gatewayReference;
}

async function withdraw(clientRef: string, amount: string, result: "finished" | "failed") {
  const { gatewayReference } = await np.submitWithdrawal(config, {
    clientRef,
    amount,
    currency: "TRY",
    account: { crypto_type: "TRX", wallet_address: "TXYZwallet" },
    notifyUrl,
    createdAt: new Date().toISOString(),
  });
  sim.settlePayout(gatewayReference, result);
  return gatewayReference;
}

describe("NOWPayments report (payment list, payout list)", () => {
  const refs: Record<string, string> = {};

  beforeAll(async () => {
    refs.paid = await deposit("R-PAID", "1250.50");
    sim.pay(refs.paid);
    refs.partial = await deposit("R-PART", "1000.00");
    sim.pay(refs.partial, 20);
    refs.expired = await deposit("R-EXP", "50.00", "TRX");
    sim.expire(refs.expired);
    refs.failed = await deposit("R-FAIL", "75.00");
    sim.fail(refs.failed);
    refs.waiting = await deposit("R-WAIT", "20.00");
    refs.payout = await withdraw("R-WD", "300.00", "finished");
    refs.payoutFailed = await withdraw("R-WD-FAIL", "45.10", "failed");
    await sim.settled();
  });

  it("lists the day's deposits and payouts with our order ids, the order's amounts and statuses", async () => {
    const { pages, records } = await listDay();
    expect(pages).toHaveLength(2);
    expect(JSON.parse(pages[0]!.body)).toMatchObject({ page: 0, pagesCount: 1 });
    expect(JSON.parse(pages[1]!.body)).toHaveProperty("payouts");
    const pick = (r: PartnerRecord) => [r.kind, r.orderId, r.partnerReference, r.amount, r.currency, r.status];
    expect(records.map(pick)).toEqual([
      ["deposit", "R-PAID", refs.paid, "1250.50", "TRY", "succeeded"],
      // 1000 TRY asked as 28.98550725 USDT; 20 arrived: 689.99 TRY at the payment's quote, rounded down.
      ["deposit", "R-PART", refs.partial, "689.99", "TRY", "pending"],
      ["deposit", "R-EXP", refs.expired, "50.00", "TRY", "failed"],
      ["deposit", "R-FAIL", refs.failed, "75.00", "TRY", "failed"],
      ["deposit", "R-WAIT", refs.waiting, "20.00", "TRY", "pending"],
      ["payout", "R-WD", refs.payout, "300.00", "TRY", "succeeded"],
      ["payout", "R-WD-FAIL", refs.payoutFailed, "45.10", "TRY", "failed"],
    ]);
    expect(of(records, "R-EXP")[0]!.raw).toMatchObject({ payment_status: "expired", pay_currency: "trx" });
    expect(of(records, "R-WD")[0]!.raw).toMatchObject({ status: "FINISHED", currency: "trx" });
    expect(records.every((r) => !Number.isNaN(Date.parse(r.occurredAt)) && r.occurredAt.endsWith("Z"))).toBe(true);
  });

  it("pages through both lists when they are longer than a page", async () => {
    const whole = await listDay();
    const paged = await listDay(nowpaymentsReport({ paymentPageSize: 2, payoutPageSize: 1 }));
    // Five payments by two (3 pages); two payouts by one, then an empty page ends the list.
    expect(paged.pages).toHaveLength(3 + 3);
    expect(paged.pages.map((p) => p.records.length)).toEqual([2, 2, 1, 1, 1, 0]);
    expect(paged.records).toEqual(whole.records);
    expect(JSON.parse(paged.pages[2]!.body)).toMatchObject({ page: 2, pagesCount: 3, limit: 2, total: 5 });
  });

  it("shows what was done at NOWPayments behind our back", async () => {
    refs.altered = await deposit("R-ALT", "500.00");
    sim.pay(refs.altered);
    await sim.settled();
    sim.panelRefund("R-PAID");
    sim.approveLate("R-EXP");
    sim.alterAmount("R-ALT", 450);
    const unknown = sim.unknownSale("R-NOBODY", 999.9);
    const second = sim.payTwice("R-WD");
    sim.seedPayouts(1);
    const { records } = await listDay();
    expect(of(records, "R-PAID")).toMatchObject([
      { kind: "deposit", status: "failed", amount: "1250.50", raw: { payment_status: "refunded" } },
    ]);
    expect(of(records, "R-EXP")).toMatchObject([{ kind: "deposit", status: "succeeded", amount: "50.00" }]);
    expect(of(records, "R-ALT")).toMatchObject([{ status: "succeeded", amount: "450.00", currency: "TRY" }]);
    expect(of(records, "R-NOBODY")).toMatchObject([
      { kind: "deposit", status: "succeeded", amount: "999.90", partnerReference: String(unknown.payment_id) },
    ]);
    expect(of(records, "R-WD").map((r) => [r.partnerReference, r.amount, r.status])).toEqual([
      [refs.payout, "300.00", "succeeded"],
      [second.id, "300.00", "succeeded"],
    ]);
    // A payout the account made without us: no order of ours, in its coin.
    expect(records.filter((r) => r.orderId === null)).toMatchObject([
      { kind: "payout", amount: "10.00", currency: "TRX", status: "succeeded" },
    ]);
  });

  it("a wrong API key or payout login is refused", async () => {
    expect(await failureOf(listDay(np.report, { ...config, apiKey: "wrong" }))).toEqual({
      kind: "refused",
      error: { code: "INVALID_API_KEY", message: "The API key is not valid" },
    });
    expect(await failureOf(listDay(np.report, { ...config, password: "wrong" }))).toMatchObject({
      kind: "refused",
      error: { code: "INVALID_CREDENTIALS" },
    });
  });

  it("a failing or unreadable list throws: nothing is yielded from it", async () => {
    sim.failReports(500);
    expect(await failureOf(listDay())).toMatchObject({ kind: "retry", reason: expect.stringContaining("HTTP 500") });
    sim.failReports(429);
    expect(await failureOf(listDay())).toMatchObject({ kind: "retry", reason: expect.stringContaining("rate limit") });
    sim.failReports("garbage");
    const pages: ReportPage[] = [];
    const error = await failureOf(
      (async () => {
        for await (const page of np.report.pages(config, query())) pages.push(page);
      })(),
    );
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain("not JSON");
    expect(pages).toHaveLength(0);
    sim.failReports(null);
    expect((await listDay()).records.length).toBeGreaterThan(0);
  });
});
