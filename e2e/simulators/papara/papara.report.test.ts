import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPaparaSimulator, type PaparaSimulator } from "@/e2e/simulators/papara/server";
import { paparaConnector as papara } from "@/lib/integrations/connectors/papara";
import { paparaConfigSchema, type PaparaConfig } from "@/lib/integrations/connectors/papara/config";
import { paparaReport } from "@/lib/integrations/connectors/papara/report";
import { PartnerCallError } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord, PartnerReport, ReportPage, ReportQuery } from "@/lib/integrations/connectors/report-port";

/**
 * The report against the simulated Papara over real HTTP: payments paid on Papara's page and mass payments
 * made through the connector's normal flows, then the day's ledger listed and read back as records;
 * discrepancies made at "Papara" behind the service's back appear in the ledger as Papara writes them.
 */

let sim: PaparaSimulator;
let config: PaparaConfig;
let receiver: Server;
let notifyUrl = "";
const started = Date.now();

beforeAll(async () => {
  sim = await startPaparaSimulator({ retryEveryMs: 50 });
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end("OK"));
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  config = paparaConfigSchema.parse({
    apiKey: sim.apiKey,
    merchantSecretKey: sim.merchantSecretKey,
    baseUrl: sim.url,
    timeoutMs: 2000,
  });
});
afterAll(async () => {
  await sim.stop();
  await new Promise((r) => receiver.close(r));
});
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
  report: PartnerReport<PaparaConfig> = papara.report,
  on: PaparaConfig = config,
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

/** A deposit issued through the connector; paid on Papara's page unless `paid` is false. */
async function deposit(clientRef: string, amount: string, paid = true): Promise<string> {
  const issued = await papara.issueDeposit(config, {
    clientRef,
    amount,
    currency: "TRY",
    notifyUrl,
    returnUrl: "https://pay.example/back",
    customer: { id: "u-1", name: "Mert Yıldız", email: "" },
  });
  if (paid) {
    const url = issued.instructions.kind === "payment_page" ? issued.instructions.url : "";
    await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "accountNumber=1234567890&action=pay",
    }).then((r) => r.text());
  }
  return issued.gatewayReference;
}

async function withdraw(clientRef: string, amount: string, wallet = "1111111111"): Promise<string> {
  const sent = await papara.submitWithdrawal(config, {
    clientRef,
    amount,
    currency: "TRY",
    account: { wallet_number: wallet },
    notifyUrl,
    createdAt: new Date().toISOString(),
  });
  return sent.gatewayReference;
}

describe("Papara report (the account's ledger)", () => {
  const refs: Record<string, string> = {};

  beforeAll(async () => {
    refs.a = await deposit("RP-DEP-A", "150.00");
    refs.b = await deposit("RP-DEP-B", "99.99");
    refs.c = await deposit("RP-DEP-C", "40.00", false);
    refs.w1 = await withdraw("RP-WD-1", "75.25");
    refs.w2 = await withdraw("RP-WD-2", "12.00", "2222222222");
    await sim.settled();
  });

  it("lists completed payments as deposits and mass payments as payouts, with our references", async () => {
    const { pages, records } = await listDay();
    expect(pages).toHaveLength(1);
    expect(JSON.parse(pages[0]!.body)).toMatchObject({ succeeded: true, data: { page: 1, totalItemCount: 4 } });
    const ledger = sim.state.ledger;
    expect(records.map((r) => [r.kind, r.orderId, r.partnerReference, r.amount, r.currency, r.status])).toEqual([
      ["deposit", "RP-DEP-A", refs.a, "150.00", "TRY", "succeeded"],
      ["deposit", "RP-DEP-B", refs.b, "99.99", "TRY", "succeeded"],
      ["payout", "RP-WD-1", String(ledger[2]!.id), "75.25", "TRY", "succeeded"],
      ["payout", "RP-WD-2", String(ledger[3]!.id), "12.00", "TRY", "succeeded"],
    ]);
    // The unpaid payment moved no money: Papara's ledger has nothing of it.
    expect(of(records, "RP-DEP-C")).toEqual([]);
    expect(of(records, "RP-WD-1")[0]!.raw).toMatchObject({ entryType: 9, amount: -75.25, massPaymentId: "RP-WD-1" });
    expect(records.every((r) => r.occurredAt.endsWith("Z") && Date.parse(r.occurredAt) >= started - 1000)).toBe(true);
  });

  it("pages through the ledger when it is longer than a page", async () => {
    const whole = await listDay();
    const paged = await listDay(paparaReport({ pageSize: 3 }));
    expect(paged.pages.map((p) => p.records.length)).toEqual([3, 1]);
    expect(paged.records).toEqual(whole.records);
    expect(JSON.parse(paged.pages[1]!.body)).toMatchObject({
      data: { page: 2, pageItemCount: 3, totalPageCount: 2, pageSkip: 3 },
    });
  });

  it("shows what was done at Papara behind our back", async () => {
    const refund = sim.panelRefund("RP-DEP-A", 50);
    sim.approveLate("RP-DEP-C");
    sim.alterAmount("RP-DEP-B", 90);
    const stranger = sim.unknownSale("RP-NOBODY", 321.5);
    const again = sim.payTwice("RP-WD-1");
    const { records } = await listDay();
    expect(of(records, "RP-DEP-A").map((r) => [r.kind, r.partnerReference, r.amount, r.status])).toEqual([
      ["deposit", refs.a, "150.00", "succeeded"],
      ["refund", String(refund.id), "50.00", "succeeded"],
    ]);
    expect(of(records, "RP-DEP-C")).toMatchObject([{ kind: "deposit", partnerReference: refs.c, amount: "40.00" }]);
    expect(of(records, "RP-DEP-B")).toMatchObject([{ kind: "deposit", amount: "90.00" }]);
    expect(of(records, "RP-NOBODY")).toMatchObject([
      { kind: "deposit", partnerReference: stranger.id, amount: "321.50", status: "succeeded" },
    ]);
    const paidTwice = of(records, "RP-WD-1");
    expect(paidTwice.map((r) => [r.kind, r.amount, r.status])).toEqual([
      ["payout", "75.25", "succeeded"],
      ["payout", "75.25", "succeeded"],
    ]);
    expect(new Set(paidTwice.map((r) => r.partnerReference)).size).toBe(2);
    expect(sim.state.massPayments.get(again.id)).toMatchObject({ massPaymentId: "RP-WD-1" });
  });

  it("a wrong API key is refused", async () => {
    expect(await failureOf(listDay(papara.report, { ...config, apiKey: "wrong" }))).toEqual({
      kind: "refused",
      error: { code: "PAPARA_401", message: "Papara refused the API key" },
    });
  });

  it("a failing or unreadable ledger throws: nothing is yielded from it", async () => {
    sim.failReports(503);
    expect(await failureOf(listDay())).toMatchObject({ kind: "retry", reason: expect.stringContaining("HTTP 503") });
    sim.failReports("garbage");
    const pages: ReportPage[] = [];
    const error = await failureOf(
      (async () => {
        for await (const page of papara.report.pages(config, query())) pages.push(page);
      })(),
    );
    expect(error).toMatchObject({ kind: "retry", reason: expect.stringContaining("without its JSON") });
    expect(pages).toHaveLength(0);
    sim.failReports(null);
    expect((await listDay()).records.length).toBeGreaterThan(0);
  });
});
