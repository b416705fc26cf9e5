import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_STORE, startEstV3Simulator, type EstV3Simulator } from "@/e2e/simulators/est-v3/server";
import { PartnerCallError, type CardOrder } from "@/lib/integrations/connectors/ports";
import type { ReportOrder, ReportPage, ReportQuery } from "@/lib/integrations/connectors/report-port";
import { estConfigSchema, type EstConfig } from "@/lib/integrations/connectors/est-v3/config";
import { estV3Connector as est } from "@/lib/integrations/connectors/est-v3";

/**
 * The connector's per-order report (ORDERHISTORY) against the simulated EST bank over real HTTP: payments made at
 * the gate, refunds through the connector, then the day's orders asked one by one at the configured pace, with
 * what the bank's panel or the bank itself did since.
 */
let sim: EstV3Simulator;
let config: EstConfig;
let seq = 0;

beforeAll(async () => {
  sim = await startEstV3Simulator();
  config = estConfigSchema.parse({
    clientId: DEFAULT_STORE.clientId,
    storeKey: DEFAULT_STORE.storeKey,
    username: DEFAULT_STORE.username,
    password: DEFAULT_STORE.password,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    timeoutMs: 1000,
    reportCallsPerSecond: 20,
  });
});
afterAll(() => sim.stop());
beforeEach(() => sim.failReports(null));

function newOrder(amount: string): CardOrder {
  seq += 1;
  return {
    orderId: `ORD-${Date.now()}-${seq}`,
    amount,
    currency: "TRY",
    description: "Deposit",
    returnUrl: "https://pay.example.test/card/return",
    notifyUrl: "https://pay.example.test/card/notify",
    lang: "tr",
    customer: { id: "c1", name: "Ada", surname: "Kaya", email: "ada@example.test", phone: "+905551112233", ip: "" },
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
  };
}

/** The customer opens the gate and, given a card, pays with it; without one leaves the page open. */
async function pay(order: CardOrder, card?: string): Promise<void> {
  const checkout = await est.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  const page = readForm((await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString())).html);
  const session = page?.fields.find(([name]) => name === "session")?.[1];
  if (!page || !session) throw new Error("the gate refused the form");
  if (!card) return;
  const filled: [string, string][] = [
    ["session", session],
    ["pan", card],
    ["holder", "Ada Kaya"],
    ["expiry", "12/30"],
    ["cv2", "000"],
  ];
  await postForm(new URL(page.action, sim.url).toString(), formBody(filled, page.charset));
}

const asked = (order: CardOrder | string): ReportOrder =>
  typeof order === "string"
    ? { orderId: order, amount: "1.00", currency: "TRY", partnerReference: null }
    : { orderId: order.orderId, amount: order.amount, currency: order.currency, partnerReference: null };

function queryOf(orders: (CardOrder | string)[]): ReportQuery {
  const now = Date.now();
  return {
    day: new Date(now + 3 * 3600_000).toISOString().slice(0, 10),
    from: new Date(now - 3600_000),
    to: new Date(now + 3600_000),
    orders: async function* () {
      for (const order of orders) yield asked(order);
    },
  };
}

async function report(orders: (CardOrder | string)[], cfg = config): Promise<ReportPage[]> {
  const pages: ReportPage[] = [];
  for await (const page of est.report!.pages(cfg, queryOf(orders))) pages.push(page);
  return pages;
}

/** Each page's records as [order id, kind, status, amount]. */
const rows = (pages: ReportPage[]) =>
  pages.map((p) => p.records.map((r) => [r.orderId, r.kind, r.status, r.amount] as const));

async function failure(run: Promise<unknown>): Promise<PartnerCallError["failure"] | "other" | "none"> {
  try {
    await run;
    return "none";
  } catch (error) {
    return error instanceof PartnerCallError ? error.failure : "other";
  }
}

describe("est-v3's per-order report against the simulated bank", () => {
  it("asks each order of the day: sales, declines, refunds, and nothing for an order the bank never saw", async () => {
    const [paid, declined, refunded, abandoned] = [
      newOrder("150.00"),
      newOrder("75.50"),
      newOrder("99.99"),
      newOrder("5.00"),
    ];
    await pay(paid, CARDS.approve);
    await pay(declined, CARDS.insufficientFunds);
    await pay(refunded, CARDS.approve);
    await pay(abandoned);
    const refund = (amount: string) =>
      est.refund(config, { ...asked(refunded), amount: refunded.amount, refundId: `R${seq}` }, amount);
    expect(await refund("40.00")).toMatchObject({ ok: true });
    sim.refuseRefunds(true);
    expect(await refund("10.00")).toMatchObject({ ok: false });
    sim.refuseRefunds(false);

    const pages = await report([paid, declined, refunded, abandoned]);
    expect(pages).toHaveLength(4);
    for (const page of pages) expect(page.body).toMatch(/^<\?xml[\s\S]*<CC5Response>/);
    expect(rows(pages)).toEqual([
      [[paid.orderId, "sale", "succeeded", "150.00"]],
      [[declined.orderId, "sale", "failed", "75.50"]],
      [
        // Newest first, as the bank lists them: the refused refund, the refund, the sale.
        [refunded.orderId, "refund", "failed", "10.00"],
        [refunded.orderId, "refund", "succeeded", "40.00"],
        [refunded.orderId, "sale", "succeeded", "99.99"],
      ],
      [],
    ]);
    expect(pages[3]!.body).toContain("No record found");
    const [failed, made, sale] = pages[2]!.records;
    expect(new Set([failed!.partnerReference, made!.partnerReference, sale!.partnerReference]).size).toBe(3);
    expect(sale!.partnerReference).toBe(sim.order(DEFAULT_STORE.clientId, refunded.orderId)!.transId);
    for (const r of pages.flatMap((p) => p.records)) {
      expect(r.currency).toBe("TRY");
      expect(r.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
      expect(Math.abs(Date.parse(r.occurredAt) - Date.now())).toBeLessThan(120_000);
    }
  });

  it("keeps to the configured pace: one history query every 1/reportCallsPerSecond seconds", async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `PACE-${Date.now()}-${i}`);
    const before = sim.historyCallTimes().length;
    const started = Date.now();
    expect(rows(await report(ids))).toEqual(ids.map(() => []));
    const times = sim.historyCallTimes().slice(before);
    expect(times).toHaveLength(6);
    // 20 a second: 50 ms apart (a few ms of timer slack allowed).
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(45);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 45);
  });

  it("shows what was done at the bank: a panel refund and void, a changed amount, late approvals", async () => {
    const [refundedAtPanel, voidedAtPanel, altered, lateDeclined, abandoned] = [
      newOrder("300.00"),
      newOrder("45.00"),
      newOrder("10.00"),
      newOrder("60.00"),
      newOrder("80.25"),
    ];
    await pay(refundedAtPanel, CARDS.approve);
    await pay(voidedAtPanel, CARDS.approve);
    await pay(altered, CARDS.approve);
    await pay(lateDeclined, CARDS.insufficientFunds);
    await pay(abandoned);

    sim.panelRefund(refundedAtPanel.orderId, "120.00");
    sim.panelVoid(voidedAtPanel.orderId);
    sim.alterAmount(altered.orderId, "1000.00");
    sim.approveLate(lateDeclined.orderId);
    sim.approveLate(abandoned.orderId);

    const pages = await report([refundedAtPanel, voidedAtPanel, altered, lateDeclined, abandoned]);
    expect(rows(pages)).toEqual([
      [
        [refundedAtPanel.orderId, "refund", "succeeded", "120.00"],
        [refundedAtPanel.orderId, "sale", "succeeded", "300.00"],
      ],
      [
        // The bank lists a voided sale once, state V: it is the sale and its void.
        [voidedAtPanel.orderId, "sale", "succeeded", "45.00"],
        [voidedAtPanel.orderId, "void", "succeeded", "45.00"],
      ],
      [[altered.orderId, "sale", "succeeded", "1000.00"]],
      [[lateDeclined.orderId, "sale", "succeeded", "60.00"]],
      [[abandoned.orderId, "sale", "succeeded", "80.25"]],
    ]);
    expect(pages[1]!.records[1]!.raw).toMatchObject({ state: "V" });
  });

  it("reports a sale the service never sent only when that order id is asked", async () => {
    const stranger = `STRANGER-${Date.now()}`;
    sim.unknownSale(stranger, "500.00");
    const mine = newOrder("12.00");
    await pay(mine, CARDS.approve);
    expect(rows(await report([mine]))).toEqual([[[mine.orderId, "sale", "succeeded", "12.00"]]]);
    expect(rows(await report([stranger]))).toEqual([[[stranger, "sale", "succeeded", "500.00"]]]);
  });

  it("is refused with a wrong API password, and throws on a failed or unreadable answer", async () => {
    const order = newOrder("1.00");
    await pay(order, CARDS.approve);
    const wrong = estConfigSchema.parse({ ...config, password: "not-the-password" });
    expect(await failure(report([order], wrong))).toMatchObject({ kind: "refused" });

    sim.failReports(503);
    expect(await failure(report([order]))).toMatchObject({ kind: "retry" });
    sim.failReports("garbage");
    expect(await failure(report([order]))).toMatchObject({ kind: "retry" });
    sim.failReports(null);
    expect(await failure(report([order]))).toBe("none");
  });
});
