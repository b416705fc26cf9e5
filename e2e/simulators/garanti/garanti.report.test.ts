import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_TERMINAL, startGarantiSimulator, type GarantiSimulator } from "@/e2e/simulators/garanti/server";
import { PartnerCallError, type CardOrder } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord, ReportPage, ReportQuery } from "@/lib/integrations/connectors/report-port";
import { garantiConfigSchema, type GarantiConfig } from "@/lib/integrations/connectors/garanti/config";
import { garantiConnector as garanti } from "@/lib/integrations/connectors/garanti";

/**
 * The connector's order list (orderlistinq) against the simulated GVP over real HTTP: payments made through the
 * common payment page, voids and refunds through the connector, then the day listed page by page, with what the
 * bank's panel or the bank itself did since.
 */
let sim: GarantiSimulator;
let config: GarantiConfig;
let seq = 0;
const T = DEFAULT_TERMINAL;

/** The id GVP is sent and lists: letters and digits only. */
const gvp = (order: { orderId: string }) => order.orderId.replace(/[^A-Za-z0-9]/g, "");

beforeAll(async () => {
  sim = await startGarantiSimulator();
  config = garantiConfigSchema.parse({
    merchantId: T.merchantId,
    terminalId: T.terminalId,
    userId: "PROVOOS",
    password: T.users.PROVOOS!,
    storeKey: T.storeKey,
    refundPassword: T.users.PROVRFN!,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    timeoutMs: 1000,
  });
});
afterAll(() => sim.stop());
beforeEach(() => {
  sim.failReports(null);
  sim.reportPageSize(500);
});

function newOrder(amount: string): CardOrder {
  seq += 1;
  return {
    orderId: `ORD-${Date.now().toString(36).toUpperCase()}-${seq}`,
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

/** The customer opens the payment page and, given a card, pays with it; without one leaves the page open. */
async function pay(order: CardOrder, card?: string): Promise<void> {
  const checkout = await garanti.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  const page = readForm((await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString())).html);
  const session = page?.fields.find(([name]) => name === "session")?.[1];
  if (!page || !session) throw new Error("the engine refused the form");
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

const refundOf = (order: CardOrder, amount: string) =>
  garanti.refund(
    config,
    {
      orderId: order.orderId,
      amount: order.amount,
      currency: "TRY",
      partnerReference: gvp(order),
      refundId: `R${seq}`,
    },
    amount,
  );

function today(): ReportQuery {
  const now = Date.now();
  return {
    day: new Date(now + 3 * 3600_000).toISOString().slice(0, 10),
    from: new Date(now - 3600_000),
    to: new Date(now + 3600_000),
    orders: async function* () {},
  };
}

async function list(query: ReportQuery = today(), cfg = config): Promise<ReportPage[]> {
  const pages: ReportPage[] = [];
  for await (const page of garanti.report!.pages(cfg, query)) pages.push(page);
  return pages;
}

/** The orders' records as [order id, kind, status, amount], in the orders' and the kinds' order (not the list's). */
const recordsOf = (pages: ReportPage[], ...orders: (CardOrder | string)[]) => {
  const ids = orders.map((o) => (typeof o === "string" ? o : gvp(o)));
  const kinds = ["sale", "void", "refund"];
  return pages
    .flatMap((p) => p.records)
    .filter((r) => ids.includes(r.orderId ?? ""))
    .map((r) => [r.orderId, r.kind, r.status, r.amount] as const)
    .sort((a, b) => ids.indexOf(a[0]!) - ids.indexOf(b[0]!) || kinds.indexOf(a[1]) - kinds.indexOf(b[1]));
};

async function failure(run: Promise<unknown>): Promise<PartnerCallError["failure"] | "other" | "none"> {
  try {
    await run;
    return "none";
  } catch (error) {
    return error instanceof PartnerCallError ? error.failure : "other";
  }
}

describe("garanti's order list against the simulated GVP", () => {
  it("lists the day's sales, declines, voids and refunds under the ids GVP was sent", async () => {
    const [paid, declined, voided, refunded] = [
      newOrder("150.00"),
      newOrder("75.50"),
      newOrder("20.00"),
      newOrder("99.99"),
    ];
    await pay(paid, CARDS.approve);
    await pay(declined, CARDS.insufficientFunds);
    await pay(voided, CARDS.approve);
    await pay(refunded, CARDS.approve);
    // The day's whole sale is voided; after the end of day a part of a sale is refunded.
    expect(await refundOf(voided, "20.00")).toMatchObject({ ok: true });
    sim.settle();
    expect(await refundOf(refunded, "40.00")).toMatchObject({ ok: true });

    const pages = await list();
    expect(pages).toHaveLength(1);
    expect(pages[0]!.body).toMatch(/^<\?xml[\s\S]*<GVPSResponse>[\s\S]*<OrderListInqResult>/);
    expect(recordsOf(pages, paid, declined, voided, refunded)).toEqual([
      [gvp(paid), "sale", "succeeded", "150.00"],
      [gvp(declined), "sale", "failed", "75.50"],
      // A sale voided since reads "Iptal": it took place, and its void is a line of its own.
      [gvp(voided), "sale", "succeeded", "20.00"],
      [gvp(voided), "void", "succeeded", "20.00"],
      [gvp(refunded), "sale", "succeeded", "99.99"],
      [gvp(refunded), "refund", "succeeded", "40.00"],
    ]);
    const times = pages[0]!.records.map((r) => Date.parse(r.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const records = pages[0]!.records.filter((r) => r.orderId === gvp(voided));
    expect(new Set(records.map((r) => r.partnerReference)).size).toBe(2);
    expect(records[1]!.raw).toMatchObject({ TrxType: "Iptal", OrigRetrefNum: records[0]!.partnerReference });
    for (const r of pages[0]!.records) {
      expect(r.currency).toBe("TRY");
      expect(r.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
      expect(Math.abs(Date.parse(r.occurredAt) - Date.now())).toBeLessThan(120_000);
    }
    // An hour that ended before these payments lists none of them.
    const earlier = { ...today(), from: new Date(Date.now() - 7200_000), to: new Date(Date.now() - 3600_000) };
    expect(recordsOf(await list(earlier), paid, declined, voided, refunded)).toEqual([]);
  });

  it("pages the list: the same records, page by page", async () => {
    for (let i = 0; i < 5; i++) await pay(newOrder(`1${i}.00`), CARDS.approve);
    const whole = (await list()).flatMap((p) => p.records);
    expect(whole.length).toBeGreaterThanOrEqual(5);
    sim.reportPageSize(2);
    const pages = await list();
    expect(pages).toHaveLength(Math.ceil(whole.length / 2));
    expect(pages.every((p) => p.records.length <= 2)).toBe(true);
    expect(pages.map((p) => /<ActPageNum>(\d+)</.exec(p.body)?.[1])).toEqual(pages.map((_, i) => String(i + 1)));
    expect(pages.flatMap((p) => p.records)).toEqual(whole);
  });

  it("shows what was done at the bank: a panel refund and void, an unknown sale, a changed amount, late approvals", async () => {
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
    const stranger = `X${Date.now()}`;

    sim.panelRefund(gvp(refundedAtPanel), "120.00");
    sim.panelVoid(gvp(voidedAtPanel));
    sim.unknownSale(stranger, "500.00");
    sim.alterAmount(gvp(altered), "1000.00");
    sim.approveLate(gvp(lateDeclined));
    sim.approveLate(gvp(abandoned));

    const pages = await list();
    expect(recordsOf(pages, refundedAtPanel, voidedAtPanel, altered, lateDeclined, abandoned, stranger)).toEqual([
      [gvp(refundedAtPanel), "sale", "succeeded", "300.00"],
      [gvp(refundedAtPanel), "refund", "succeeded", "120.00"],
      [gvp(voidedAtPanel), "sale", "succeeded", "45.00"],
      [gvp(voidedAtPanel), "void", "succeeded", "45.00"],
      [gvp(altered), "sale", "succeeded", "1000.00"],
      [gvp(lateDeclined), "sale", "succeeded", "60.00"],
      [gvp(abandoned), "sale", "succeeded", "80.25"],
      [stranger, "sale", "succeeded", "500.00"],
    ]);
  });

  it("is refused with a wrong provision password, and throws on a failed or unreadable answer", async () => {
    const wrong = garantiConfigSchema.parse({ ...config, password: "not-the-password" });
    expect(await failure(list(today(), wrong))).toMatchObject({ kind: "refused", error: { code: "0651" } });

    sim.failReports(503);
    expect(await failure(list())).toMatchObject({ kind: "retry" });
    sim.failReports("garbage");
    expect(await failure(list())).toMatchObject({ kind: "retry" });
    sim.failReports(null);
    expect(await failure(list())).toBe("none");
  });

  it("keeps every record's shape: positive two-place amounts, GVP's own reference, the raw line", async () => {
    await pay(newOrder("0.01"), CARDS.approve);
    const records: PartnerRecord[] = (await list()).flatMap((p) => p.records);
    for (const r of records) {
      expect(r.amount).toMatch(/^\d+\.\d{2}$/);
      expect(r.partnerReference).toMatch(/^\d{12}$/);
      expect(r.raw).toHaveProperty("LastTrxDate");
    }
  });
});
