import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCard } from "@/lib/integrations/connectors/sandbox-card";
import { PartnerCallError } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord, ReportQuery } from "@/lib/integrations/connectors/report-port";
import { SANDBOX_CARDS, startSandboxCardSimulator, type SandboxCardSimulator } from "./server";

/**
 * The sandbox-card connector's list of sales and refunds against the simulated sandbox acquirer over real
 * HTTP: checkouts opened, paid or declined on its card form, refunded through the connector, then listed page by
 * page, with what an acquirer's books can say otherwise planted at it.
 */

const HOUR = 3600_000;
const DEAD = "http://127.0.0.1:9/notify";
const query = (): ReportQuery => ({
  day: "today",
  from: new Date(Date.now() - HOUR),
  to: new Date(Date.now() + HOUR),
  orders: async function* () {},
});

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
  throw new Error("the list did not fail");
}

const brief = (r: PartnerRecord) => [r.kind, r.orderId, r.partnerReference, r.amount, r.status];
const byReference = (records: PartnerRecord[]) =>
  records.map(brief).sort((a, b) => `${a[1]}${a[2]}`.localeCompare(`${b[1]}${b[2]}`));

describe("the sandbox acquirer's sales and refunds", () => {
  let sim: SandboxCardSimulator;
  let config: { merchantId: string; storeKey: string; endpoint: string; timeoutMs: number };
  const sessionOf = new Map<string, string>();

  async function checkout(orderId: string, amount: string) {
    const opened = await sandboxCard.startCheckout(config, {
      orderId,
      amount,
      currency: "TRY",
      description: "test",
      returnUrl: DEAD,
      notifyUrl: DEAD,
      lang: "en",
      customer: {
        id: "u-1",
        name: "Deniz",
        surname: "Ak",
        email: "d@example.com",
        phone: "5550000000",
        ip: "127.0.0.1",
      },
      expiresAt: new Date(Date.now() + HOUR).toISOString(),
    });
    sessionOf.set(orderId, opened.partnerReference!);
  }
  async function pay(orderId: string, number: string) {
    const res = await fetch(`${sim.url}/pay/${sessionOf.get(orderId)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ number, expiry: "12/30", cvc: "123" }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
  }
  const refund = async (orderId: string, refundId: string, amount: string) =>
    expect(
      await sandboxCard.refund(
        config,
        { orderId, amount: "0.00", currency: "TRY", partnerReference: sessionOf.get(orderId)!, refundId },
        amount,
      ),
    ).toMatchObject({ ok: true });

  beforeAll(async () => {
    sim = await startSandboxCardSimulator();
    config = { merchantId: "M-1", storeKey: sim.storeKey, endpoint: sim.url, timeoutMs: 5000 };
    for (const [orderId, amount] of [
      ["ORD-PAID", "150.00"],
      ["ORD-DECLINED", "80.00"],
      ["ORD-OPEN", "20.00"],
      ["ORD-REFUNDED", "200.00"],
    ] as const)
      await checkout(orderId, amount);
    await pay("ORD-PAID", SANDBOX_CARDS.approve);
    await pay("ORD-DECLINED", SANDBOX_CARDS.decline);
    await pay("ORD-REFUNDED", SANDBOX_CARDS.approve);
    await refund("ORD-REFUNDED", "RF-1", "50.00");
    await refund("ORD-REFUNDED", "RF-2", "30.00");
    await refund("ORD-REFUNDED", "RF-1", "50.00"); // asked again: made once
  });
  afterAll(() => sim.stop());

  it("lists the merchant's sales with their outcome and each refund under its sale's order, page by page", async () => {
    sim.reportPageSize(2);
    const { bodies, records } = await list(sandboxCard.report!.pages(config, query()));
    sim.reportPageSize(100);
    expect(bodies).toHaveLength(3);
    expect(byReference(records)).toEqual([
      ["sale", "ORD-DECLINED", sessionOf.get("ORD-DECLINED"), "80.00", "failed"],
      ["sale", "ORD-OPEN", sessionOf.get("ORD-OPEN"), "20.00", "pending"],
      ["sale", "ORD-PAID", sessionOf.get("ORD-PAID"), "150.00", "succeeded"],
      ["sale", "ORD-REFUNDED", sessionOf.get("ORD-REFUNDED"), "200.00", "succeeded"],
      ["refund", "ORD-REFUNDED", "rf_RF-1", "50.00", "succeeded"],
      ["refund", "ORD-REFUNDED", "rf_RF-2", "30.00", "succeeded"],
    ]);
    expect(records.every((r) => r.currency === "TRY")).toBe(true);
    // Another period lists none of them.
    const earlier = await list(
      sandboxCard.report!.pages(config, {
        ...query(),
        from: new Date(Date.now() - 30 * HOUR),
        to: new Date(Date.now() - 6 * HOUR),
      }),
    );
    expect(earlier.records).toEqual([]);
  });

  it("shows each discrepancy planted at the acquirer as its list shows it", async () => {
    const panel = sim.panelRefund("ORD-PAID", "10.00");
    const stranger = sim.unknownSale("M-1", "99.00");
    sim.unknownSale("M-2", "5.00"); // another merchant's: never in M-1's list
    sim.alterAmount("ORD-PAID", "149.00");
    sim.approveLate("ORD-DECLINED");
    const { records } = await list(sandboxCard.report!.pages(config, query()));
    expect(records.find((r) => r.partnerReference === panel)).toMatchObject({
      kind: "refund",
      orderId: "ORD-PAID",
      amount: "10.00",
    });
    expect(records.find((r) => r.orderId === stranger)).toMatchObject({
      kind: "sale",
      amount: "99.00",
      status: "succeeded",
    });
    expect(records.find((r) => r.kind === "sale" && r.orderId === "ORD-PAID")).toMatchObject({ amount: "149.00" });
    expect(records.find((r) => r.orderId === "ORD-DECLINED")).toMatchObject({ status: "succeeded" });
    expect(records).toHaveLength(8);
  });

  it("a wrong store key is refused; a failing, unreadable or unsigned list throws, never a page", async () => {
    const refused = await failure(
      sandboxCard.report!.pages({ ...config, storeKey: "not-the-store-key-00000" }, query()),
    );
    expect((refused as PartnerCallError).failure).toMatchObject({ kind: "refused", error: { code: "HTTP_401" } });
    const outcomes: unknown[] = [];
    for (const f of [503, "garbage", "unsigned"] as const) {
      sim.failReports(f);
      outcomes.push(await failure(sandboxCard.report!.pages(config, query())));
    }
    sim.failReports(null);
    expect((outcomes[0] as PartnerCallError).failure.kind).toBe("retry");
    expect(String(outcomes[1])).toMatch(/not signed/);
    expect(String(outcomes[2])).toMatch(/not signed/);
    expect((await list(sandboxCard.report!.pages(config, query()))).records).toHaveLength(8);
  });
});
