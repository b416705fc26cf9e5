import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_SHOP, startInterposSimulator, type InterposSimulator } from "@/e2e/simulators/interpos/server";
import { interposConnector as interpos } from "@/lib/integrations/connectors/interpos";
import { interposConfigSchema, type InterposConfig } from "@/lib/integrations/connectors/interpos/config";
import type { CardOrder } from "@/lib/integrations/connectors/ports";
import type { ReportOrder, ReportPage, ReportQuery } from "@/lib/integrations/connectors/report-port";

/** The per-order reconciliation against the simulated bank over real HTTP: one StatusHistory a page, paced. */
let sim: InterposSimulator;
let config: InterposConfig;
let seq = 0;

beforeAll(async () => {
  sim = await startInterposSimulator();
  config = interposConfigSchema.parse({
    merchantId: DEFAULT_SHOP.shopCode,
    username: DEFAULT_SHOP.userCode,
    password: DEFAULT_SHOP.userPass,
    storeKey: DEFAULT_SHOP.storeKey,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    timeoutMs: 1000,
    reportCallsPerSecond: 10,
  });
});
afterAll(() => sim.stop());

async function sell(amount: string, card: string = CARDS.approve): Promise<ReportOrder> {
  seq += 1;
  const order: CardOrder = {
    orderId: `ORD-REP${Date.now().toString(36).toUpperCase()}${seq}-1`,
    amount,
    currency: "TRY",
    description: "Deposit",
    returnUrl: "https://pay.example.test/r",
    notifyUrl: "https://pay.example.test/n",
    lang: "tr",
    customer: { id: "c", name: "A", surname: "B", email: "a@b.test", phone: "", ip: "127.0.0.1" },
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
  };
  const checkout = await interpos.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("form post expected");
  const page = readForm(
    (await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString())).html,
  )!;
  const session = Object.fromEntries(page.fields).session!;
  await postForm(
    new URL(page.action, sim.url).toString(),
    formBody(
      [
        ["session", session],
        ["Pan", card],
        ["Expiry", "12/30"],
        ["Cvv2", "000"],
      ],
      "utf-8",
    ),
  );
  return { orderId: order.orderId, amount, currency: "TRY", partnerReference: checkout.partnerReference };
}

function query(orders: ReportOrder[]): ReportQuery {
  return {
    day: "2024-08-09",
    from: new Date(Date.now() - 86_400_000),
    to: new Date(Date.now() + 86_400_000),
    orders: async function* () {
      yield* orders;
    },
  };
}

async function all(q: ReportQuery): Promise<ReportPage[]> {
  const pages: ReportPage[] = [];
  for await (const page of interpos.report!.pages(config, q)) pages.push(page);
  return pages;
}

describe("InterVPOS reconciliation, order by order", () => {
  it("asks each order once at the configured pace and reads its sale, refund and void", async () => {
    const a = await sell("150.00");
    const b = await sell("80.00");
    const declined = await sell("50.00", CARDS.insufficientFunds);
    const voided = await sell("30.00");
    const never = { ...a, orderId: "ORD-NEVER-1", partnerReference: null };
    sim.settle();
    await interpos.refund(config, { ...a, refundId: "r" }, "40.00");
    const v = await sell("20.00");
    await interpos.refund(config, { ...v, refundId: "v" }, "20.00");
    sim.alterAmount(b.partnerReference!, "70.00");
    const before = sim.apiCalls().length;
    const pages = await all(query([a, b, declined, voided, never, v]));
    const times = sim
      .apiCalls()
      .slice(before)
      .filter((c) => c.txnType === "StatusHistory")
      .map((c) => c.at);
    expect(times).toHaveLength(6);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(5 * 100 - 20);
    const records = pages.flatMap((p) => p.records.map((r) => [r.orderId, r.kind, r.amount, r.status]));
    expect(records).toEqual([
      [a.orderId, "sale", "150.00", "succeeded"],
      [a.orderId, "refund", "40.00", "succeeded"],
      [b.orderId, "sale", "70.00", "succeeded"],
      [declined.orderId, "sale", "50.00", "failed"],
      [voided.orderId, "sale", "30.00", "succeeded"],
      [v.orderId, "sale", "20.00", "succeeded"],
      [v.orderId, "void", "20.00", "succeeded"],
    ]);
    expect(pages[0]!.body).toContain("ProcReturnCode=00");
  });

  it("fails the whole report on an HTTP error or garbage", async () => {
    const a = await sell("10.00");
    for (const mode of [500, "garbage"] as const) {
      sim.failReports(mode);
      await expect(all(query([a]))).rejects.toThrow();
    }
    sim.failReports(null);
    expect(await all(query([a]))).toHaveLength(1);
  });
});
