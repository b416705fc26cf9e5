import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPaytrSimulator, type PaytrSimulator } from "@/e2e/simulators/paytr/server";
import { reportSignature } from "@/e2e/simulators/paytr/wire";
import { formatDateTime, startOfLocalDay } from "@/lib/base/time/format";
import { PartnerCallError, type CardOrder } from "@/lib/integrations/connectors/ports";
import { paytrConnector as paytr } from "@/lib/integrations/connectors/paytr";
import { paytrConfigSchema, type PaytrConfig } from "@/lib/integrations/connectors/paytr/config";
import type { PartnerRecord, ReportPage, ReportQuery } from "@/lib/integrations/connectors/report-port";

/**
 * The connector's report (PayTR's "İşlem Dökümü") against the simulated PayTR over real HTTP: payments and refunds
 * made through the connector's own flows, then what PayTR's panel or bank did that the service never heard of.
 */

const ISTANBUL = "Europe/Istanbul";
const DAY_MS = 24 * 60 * 60_000;

let sim: PaytrSimulator;
let config: PaytrConfig;
let seq = 0;

beforeAll(async () => {
  sim = await startPaytrSimulator({ retryEveryMs: 50 });
  config = paytrConfigSchema.parse({ ...sim.addMerchant(), baseUrl: sim.url, timeoutMs: 2000 });
});
afterAll(async () => {
  await sim.stop();
});
afterEach(() => {
  sim.failReports(null);
});

function newOrder(amount: string): CardOrder {
  const orderId = `ORD-R${Date.now()}${++seq}`;
  return {
    orderId,
    amount,
    currency: "TRY",
    description: `Deposit ${orderId}`,
    returnUrl: `https://pay.example/api/returns/card/tok${seq}`,
    notifyUrl: "https://pay.example/unused",
    lang: "tr",
    customer: {
      id: "C-1",
      name: "Ayşe",
      surname: "Yılmaz",
      email: "ayse@example.com",
      phone: "+905350000000",
      ip: "85.34.78.112",
    },
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  };
}

/** Our checkout, then the customer in PayTR's frame with a card ("cancel": leaves the frame; null: never pays). */
async function attempt(amount: string, card: string | "cancel" | null) {
  const order = newOrder(amount);
  const { next, partnerReference } = await paytr.startCheckout(config, order);
  if (next.kind !== "iframe") throw new Error("expected the frame");
  if (card !== null) {
    const res = await fetch(next.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        card_number: card === "cancel" ? "" : card,
        expiry: "12/30",
        cvv: "000",
        action: card === "cancel" ? "cancel" : "pay",
      }),
    });
    expect(res.status).toBe(200);
  }
  const oid = partnerReference!;
  return { order, oid, ref: { orderId: order.orderId, amount, currency: "TRY", partnerReference: oid } };
}

const PAYS = "4355084355084358";
const DECLINED = "4000000000000002";

/** The port's query for an Istanbul day, widened by five minutes each side as the domain asks it. */
function dayQuery(day: string): ReportQuery {
  const start = startOfLocalDay(day, ISTANBUL).getTime();
  return {
    day,
    from: new Date(start - 5 * 60_000),
    to: new Date(start + DAY_MS + 5 * 60_000),
    orders: noOrders,
  };
}
// A list partner is asked for the period, never per order.
async function* noOrders() {}
const today = () => formatDateTime(new Date(), ISTANBUL).slice(0, 10);

async function list(query: ReportQuery, cfg = config): Promise<ReportPage[]> {
  const pages: ReportPage[] = [];
  for await (const page of paytr.report!.pages(cfg, query)) pages.push(page);
  return pages;
}
const reportCalls = () => sim.calls.filter((c) => c === "/rapor/islem-dokumu").length;
const about = (records: PartnerRecord[], oid: string) =>
  records.filter((r) => r.orderId === oid).map((r) => [r.kind, r.amount, r.status]);

describe("PayTR report against the simulator", () => {
  it("lists the day's sales and refunds in one call; declined, abandoned and unpaid attempts are not in it", async () => {
    const paid = await attempt("150.00", PAYS);
    expect(await paytr.refund(config, { ...paid.ref, refundId: "RF-R1" }, "40.00")).toMatchObject({ ok: true });
    expect(await paytr.refund(config, { ...paid.ref, refundId: "RF-R2" }, "40.00")).toMatchObject({ ok: true });
    const other = await attempt("75.50", PAYS);
    const declined = await attempt("249.90", DECLINED);
    const abandoned = await attempt("20.00", "cancel");
    const unpaid = await attempt("30.00", null);

    const before = reportCalls();
    const pages = await list(dayQuery(today()));
    expect(pages).toHaveLength(1);
    expect(reportCalls() - before).toBe(1);
    const { records, body } = pages[0]!;
    expect(JSON.parse(body)).toMatchObject({ status: "success" });
    expect(records.filter((r) => r.orderId === paid.oid)).toEqual([
      expect.objectContaining({
        kind: "sale",
        orderId: paid.oid,
        partnerReference: paid.oid,
        amount: "150.00",
        currency: "TRY",
        status: "succeeded",
        occurredAt: `${today()}T00:00:00+03:00`,
        raw: expect.objectContaining({ islem_tipi: "S", siparis_no: paid.oid, net_tutar: "146.47" }),
      }),
      // Two refunds of one order are two records.
      expect.objectContaining({ kind: "refund", orderId: paid.oid, partnerReference: null, amount: "40.00" }),
      expect.objectContaining({ kind: "refund", orderId: paid.oid, partnerReference: null, amount: "40.00" }),
    ]);
    // merchant_oid is our order id as sent: letters and digits.
    expect(paid.oid).toBe(paid.order.orderId.replace("-", ""));
    expect(about(records, other.oid)).toEqual([["sale", "75.50", "succeeded"]]);
    for (const gone of [declined, abandoned, unpaid]) expect(about(records, gone.oid)).toEqual([]);
  });

  it("a period with nothing in it is PayTR's 'failed': one page, no records", async () => {
    const day = formatDateTime(new Date(Date.now() - 40 * DAY_MS), ISTANBUL).slice(0, 10);
    const pages = await list(dayQuery(day));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.records).toEqual([]);
    expect(JSON.parse(pages[0]!.body)).toMatchObject({ status: "failed" });
  });

  it("more than three days is asked in calls of three days at most, a page each, every record once", async () => {
    const old = sim.unknownSale(config.merchantId, "12.34", { at: new Date(Date.now() - 3.5 * DAY_MS) });
    const recent = await attempt("56.78", PAYS);
    const before = reportCalls();
    const to = new Date();
    const pages = await list({ day: today(), from: new Date(to.getTime() - 4 * DAY_MS), to, orders: noOrders });
    expect(pages).toHaveLength(2);
    expect(reportCalls() - before).toBe(2);
    expect(about(pages[0]!.records, old)).toEqual([["sale", "12.34", "succeeded"]]);
    expect(about(pages[1]!.records, old)).toEqual([]);
    expect(about(pages[1]!.records, recent.oid)).toEqual([["sale", "56.78", "succeeded"]]);
    // The simulated PayTR refuses a longer period itself, as the document says.
    const start = formatDateTime(new Date(Date.now() - 4 * DAY_MS), ISTANBUL);
    const end = formatDateTime(new Date(), ISTANBUL);
    const res = await fetch(`${sim.url}/rapor/islem-dokumu`, {
      method: "POST",
      body: new URLSearchParams({
        merchant_id: config.merchantId,
        start_date: start,
        end_date: end,
        paytr_token: reportSignature(config, start, end),
      }),
    });
    expect(await res.json()).toMatchObject({ status: "error" });
  });

  it("what the service never heard of shows as PayTR reports it: a panel refund, an unknown sale, another amount, a late approval", async () => {
    const refunded = await attempt("80.00", PAYS);
    sim.panelRefund(refunded.oid, "25.00");
    const stranger = sim.unknownSale(config.merchantId, "99.99");
    const altered = await attempt("20.00", PAYS);
    sim.alterAmount(altered.oid, "25.00");
    const declined = await attempt("249.90", DECLINED);
    sim.approveLate(declined.oid);
    const abandoned = await attempt("45.00", "cancel");
    sim.approveLate(abandoned.oid);
    const unpaid = await attempt("15.00", null);
    sim.approveLate(unpaid.oid);

    const records = (await list(dayQuery(today()))).flatMap((p) => p.records);
    expect(about(records, refunded.oid)).toEqual([
      ["sale", "80.00", "succeeded"],
      ["refund", "25.00", "succeeded"],
    ]);
    expect(records.find((r) => r.orderId === stranger)).toMatchObject({
      kind: "sale",
      amount: "99.99",
      partnerReference: stranger,
    });
    expect(about(records, altered.oid)).toEqual([["sale", "25.00", "succeeded"]]);
    expect(about(records, declined.oid)).toEqual([["sale", "249.90", "succeeded"]]);
    expect(about(records, abandoned.oid)).toEqual([["sale", "45.00", "succeeded"]]);
    expect(about(records, unpaid.oid)).toEqual([["sale", "15.00", "succeeded"]]);
    // PayTR's report lists sales (S) and refunds (I) only: it names no chargebacks.
    expect(new Set(records.map((r) => r.kind))).toEqual(new Set(["sale", "refund"]));
  });

  it("a wrong key is refused; an HTTP error, an unreadable answer or no answer throws and yields nothing", async () => {
    const wrong = { ...config, merchantKey: "not-the-key" };
    await expect(list(dayQuery(today()), wrong)).rejects.toMatchObject({ failure: { kind: "refused" } });
    await expect(list(dayQuery(today()), { ...config, merchantId: "999999" })).rejects.toMatchObject({
      failure: { kind: "refused" },
    });
    for (const failure of [503, 500, 404] as const) {
      sim.failReports(failure);
      await expect(list(dayQuery(today()))).rejects.toMatchObject({ failure: { kind: "retry" } });
    }
    sim.failReports("garbage");
    await expect(list(dayQuery(today()))).rejects.toThrow(PartnerCallError);
    sim.failReports(null);
    await expect(list(dayQuery(today()), { ...config, baseUrl: "http://127.0.0.1:9" })).rejects.toMatchObject({
      failure: { kind: "retry" },
    });
    expect((await list(dayQuery(today())))[0]!.records.length).toBeGreaterThan(0);
  });
});
