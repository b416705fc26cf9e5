import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { turkeyDateTime } from "@/e2e/simulators/iyzico/report";
import { startIyzicoSimulator, type IyzicoSimulator } from "@/e2e/simulators/iyzico/server";
import { iyzicoConnector as iyzico } from "@/lib/integrations/connectors/iyzico";
import { iyzicoConfigSchema, type IyzicoConfig } from "@/lib/integrations/connectors/iyzico/config";
import { PartnerCallError, type CardOrder } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord, ReportPage } from "@/lib/integrations/connectors/report-port";

/**
 * The daily report against the simulated iyzico over real HTTP: the day's payments, refunds and cancels as the
 * connector reads them, page by page, with each discrepancy injected at iyzico appearing as iyzico would list it.
 */

let sim: IyzicoSimulator;
let config: IyzicoConfig;
let seq = 0;
// The report is asked for today in Turkey; the simulator dates what it does now.
const today = () => turkeyDateTime(Date.now()).slice(0, 10);

beforeAll(async () => {
  // Three transactions a page, so a handful of flows spans several pages.
  sim = await startIyzicoSimulator({ reportPageSize: 3 });
  config = iyzicoConfigSchema.parse({
    apiKey: sim.apiKey,
    secretKey: sim.secretKey,
    baseUrl: sim.url,
    timeoutMs: 2000,
  });
  await iyzico.testConnection(config);
});
afterAll(() => sim.stop());
afterEach(() => {
  sim.failReports(null);
  sim.refuseRefunds(false);
  sim.delay(0);
});

function newOrder(amount: string, currency = "TRY"): CardOrder {
  const orderId = `RPT-${Date.now()}-${++seq}`;
  return {
    orderId,
    amount,
    currency,
    description: `Deposit ${orderId}`,
    returnUrl: `https://pay.example/card/return/${orderId}`,
    notifyUrl: "https://pay.example/card/notify",
    lang: "tr",
    customer: {
      id: "C-1",
      name: "Ayşe",
      surname: "Yılmaz",
      email: "ayse@example.com",
      phone: "+905350000000",
      ip: "85.34.78.112",
    },
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  };
}

/** Checkout through the connector, then the customer on the hosted page with the card (none: abandoned). */
async function buy(order: CardOrder, cardNumber: string | null): Promise<string> {
  const started = await iyzico.startCheckout(config, order);
  if (started.next.kind !== "redirect") throw new Error("expected a redirect");
  const token = started.partnerReference ?? "";
  if (cardNumber === null) return token;
  const body = new URLSearchParams({
    token,
    lang: "tr",
    cardNumber,
    expireMonth: "12",
    expireYear: "2030",
    cvc: "123",
  });
  const paid = await fetch(new URL("/checkoutform/pay", started.next.url), { method: "POST", body });
  expect(paid.status).toBe(200);
  return token;
}

async function listDay(cfg: IyzicoConfig = config, day = today()): Promise<ReportPage[]> {
  const pages: ReportPage[] = [];
  const orders = async function* () {};
  const from = new Date(`${day}T00:00:00+03:00`);
  const to = new Date(from.getTime() + 24 * 60 * 60_000);
  for await (const page of iyzico.report!.pages(cfg, { day, from, to, orders })) pages.push(page);
  return pages;
}

const recordsOf = (pages: ReportPage[]): PartnerRecord[] => pages.flatMap((p) => p.records);
const about = (records: PartnerRecord[], orderId: string) =>
  records
    .filter((r) => r.orderId === orderId)
    .map(({ kind, amount, currency, status }) => ({ kind, amount, currency, status }));

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the report to fail");
}

describe("iyzico daily report against the simulator", () => {
  it("lists the day's approved payments and made refunds, over several pages, as iyzico sent them", async () => {
    const approved = newOrder("1250.70");
    const declined = newOrder("50.00");
    const abandoned = newOrder("75.00");
    const refunded = newOrder("40.00");
    const euro = newOrder("80.00", "EUR");
    await buy(approved, "5528790000000008");
    await buy(declined, "4111111111111129");
    await buy(abandoned, null);
    const token = await buy(refunded, "5528790000000008");
    await buy(euro, "5528790000000008");
    const ref = { orderId: refunded.orderId, amount: "40.00", currency: "TRY", partnerReference: token };
    expect(await iyzico.refund(config, { ...ref, refundId: `${refunded.orderId}-R1` }, "15.00")).toMatchObject({
      ok: true,
    });
    sim.refuseRefunds(true);
    expect(await iyzico.refund(config, { ...ref, refundId: `${refunded.orderId}-R2` }, "5.00")).toMatchObject({
      ok: false,
    });
    sim.refuseRefunds(false);

    const pages = await listDay();
    // 4 approved payments and 1 refund at three a page: two pages, each kept exactly as iyzico answered it.
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      const body = JSON.parse(page.body) as { currentPage: number; totalPageCount: number; transactions: unknown[] };
      expect(body.currentPage).toBe(index + 1);
      expect(body.totalPageCount).toBe(pages.length);
      expect(page.records.map((r) => r.raw)).toEqual(body.transactions);
    });
    const records = recordsOf(pages);
    const sale = { kind: "sale", status: "succeeded" };
    expect(about(records, approved.orderId)).toEqual([{ ...sale, amount: "1250.70", currency: "TRY" }]);
    expect(about(records, euro.orderId)).toEqual([{ ...sale, amount: "80.00", currency: "EUR" }]);
    // The refund names the sale's order; the refused one is not an operation and is not listed.
    expect(about(records, refunded.orderId)).toEqual([
      { ...sale, amount: "40.00", currency: "TRY" },
      { kind: "refund", status: "succeeded", amount: "15.00", currency: "TRY" },
    ]);
    expect(about(records, declined.orderId)).toEqual([]);
    expect(about(records, abandoned.orderId)).toEqual([]);
    // A sale is iyzico's paymentId (the charge the connector recorded); a refund its own transaction id.
    const payment = sim.state.paymentByConversation(refunded.orderId)!;
    expect(records.filter((r) => r.orderId === refunded.orderId).map((r) => r.partnerReference)).toEqual([
      payment.paymentId,
      String(payment.refunds.find((r) => r.refundStatus === 1)?.refundTxId),
    ]);
    for (const record of records) expect(record.occurredAt.startsWith(`${today()}T`)).toBe(true);
    expect(records.every((r) => r.occurredAt.endsWith("+03:00"))).toBe(true);
  });

  it("shows each discrepancy made at iyzico as iyzico lists it", async () => {
    const [refundedInPanel, cancelled, altered, declined, abandoned] = [
      newOrder("500.00"),
      newOrder("99.90"),
      newOrder("1200.00"),
      newOrder("60.00"),
      newOrder("70.00"),
    ];
    await buy(refundedInPanel, "5528790000000008");
    await buy(cancelled, "5528790000000008");
    await buy(altered, "5528790000000008");
    await buy(declined, "4129111111111111");
    await buy(abandoned, null);

    sim.panelRefund(refundedInPanel.orderId, "120.50");
    sim.panelRefund(refundedInPanel.orderId, "79.50");
    sim.panelCancel(cancelled.orderId);
    sim.alterAmount(altered.orderId, "1000.00");
    sim.approveLate(declined.orderId);
    sim.approveLate(abandoned.orderId);
    const stranger = sim.unknownSale({ amount: "33.30" });
    const yesterday = sim.unknownSale({ amount: "12.00", at: new Date(Date.now() - 24 * 60 * 60_000) });

    const records = recordsOf(await listDay());
    const ok = { status: "succeeded", currency: "TRY" };
    // Two panel refunds: two records, each its own reference, both naming the sale's order.
    expect(about(records, refundedInPanel.orderId)).toEqual([
      { ...ok, kind: "sale", amount: "500.00" },
      { ...ok, kind: "refund", amount: "120.50" },
      { ...ok, kind: "refund", amount: "79.50" },
    ]);
    const panelRefs = records.filter((r) => r.orderId === refundedInPanel.orderId && r.kind === "refund");
    expect(new Set(panelRefs.map((r) => r.partnerReference)).size).toBe(2);
    expect(about(records, cancelled.orderId)).toEqual([
      { ...ok, kind: "sale", amount: "99.90" },
      { ...ok, kind: "void", amount: "99.90" },
    ]);
    expect(about(records, altered.orderId)).toEqual([{ ...ok, kind: "sale", amount: "1000.00" }]);
    expect(about(records, declined.orderId)).toEqual([{ ...ok, kind: "sale", amount: "60.00" }]);
    expect(about(records, abandoned.orderId)).toEqual([{ ...ok, kind: "sale", amount: "70.00" }]);
    expect(about(records, stranger.conversationId)).toEqual([{ ...ok, kind: "sale", amount: "33.30" }]);
    expect(records.find((r) => r.orderId === stranger.conversationId)?.partnerReference).toBe(stranger.paymentId);
    // A payment of another day is in that day's report, not today's.
    expect(about(records, yesterday.conversationId)).toEqual([]);
    const day = turkeyDateTime(yesterday.createdAt).slice(0, 10);
    expect(about(recordsOf(await listDay(config, day)), yesterday.conversationId)).toEqual([
      { ...ok, kind: "sale", amount: "12.00" },
    ]);
    // The status inquiry tells the same story as the report: the late approval is approved there too.
    expect(
      await iyzico.inquire(config, {
        orderId: abandoned.orderId,
        amount: "70.00",
        currency: "TRY",
        partnerReference: null,
      }),
    ).toMatchObject({ status: "approved", amount: "70.00" });
  });

  it("an empty day is one page with no records", async () => {
    const pages = await listDay(config, "2001-01-01");
    expect(pages).toHaveLength(1);
    expect(pages[0]?.records).toEqual([]);
  });

  it("a refused credential is a refusal, never a page", async () => {
    await expect(failureOf(listDay({ ...config, apiKey: "wrong" }))).resolves.toMatchObject({
      failure: { kind: "refused", error: { code: "1001" } },
    });
    await expect(failureOf(listDay({ ...config, secretKey: "wrong" }))).resolves.toMatchObject({
      failure: { kind: "refused", error: { code: "1000" } },
    });
  });

  it("a failing or unreadable report throws, and works again once iyzico does", async () => {
    for (const status of [502, 503, 429]) {
      sim.failReports(status);
      const error = await failureOf(listDay());
      expect(error).toBeInstanceOf(PartnerCallError);
      expect(error).toMatchObject({ failure: { kind: "retry" } });
    }
    sim.failReports("garbage");
    const garbage = await failureOf(listDay());
    expect(garbage).toBeInstanceOf(Error);
    expect(garbage).not.toBeInstanceOf(PartnerCallError);
    sim.failReports(null);
    expect((await listDay()).length).toBeGreaterThanOrEqual(1);
    await expect(failureOf(listDay({ ...config, baseUrl: "http://127.0.0.1:9" }))).resolves.toMatchObject({
      failure: { kind: "retry" },
    });
    sim.delay(2500, "/v2/reporting/payment/transactions");
    await expect(failureOf(listDay())).resolves.toMatchObject({ failure: { kind: "retry" } });
  });
});
