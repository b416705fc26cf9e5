import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { akbankPosConnector as akbank } from "@/lib/integrations/connectors/akbank-pos";
import { akbankPosConfigSchema, type AkbankPosConfig } from "@/lib/integrations/connectors/akbank-pos/config";
import type { CardOrder } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord } from "@/lib/integrations/connectors/report-port";
import { CARDS, startAkbankPosSimulator, type AkbankPosSimulator } from "./server";

/**
 * The daily reconciliation's report (Akbank's date-range history) against the simulator over real HTTP: each dealer's
 * own terminal lists its own sales, cancels and refunds; a day too busy for one answer is halved; failures throw.
 */
let sim: AkbankPosSimulator;
let config: AkbankPosConfig;
let seq = 0;

beforeAll(async () => {
  sim = await startAkbankPosSimulator();
  const t = sim.addTerminal();
  config = akbankPosConfigSchema.parse({
    merchantId: t.merchantSafeId,
    terminalId: t.terminalSafeId,
    secretKey: t.secretKey,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    timeoutMs: 1000,
  });
});
afterAll(() => sim.stop());

async function paid(amount: string, card: string = CARDS.approve): Promise<CardOrder> {
  seq += 1;
  const order: CardOrder = {
    orderId: `ORD-R${Date.now().toString(36).toUpperCase()}-${seq}`,
    amount,
    currency: "TRY",
    description: "x",
    returnUrl: "https://pay.example.test/r",
    notifyUrl: "",
    lang: "en",
    customer: { id: "", name: "", surname: "", email: "", phone: "", ip: "" },
    expiresAt: "",
  };
  const checkout = await akbank.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  const page = readForm(
    (await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString())).html,
  )!;
  const session = Object.fromEntries(page.fields).session!;
  const fields: [string, string][] = [
    ["session", session],
    ["pan", card],
    ["expiry", "12/30"],
    ["cvv", "000"],
  ];
  await postForm(new URL(page.action, sim.url).toString(), formBody(fields, "utf-8"));
  return order;
}

const ref = (o: CardOrder) => ({ ...o, partnerReference: null });
const now = () => ({
  from: new Date(Date.now() - 3600_000),
  to: new Date(Date.now() + 60_000),
  day: "",
  orders: async function* () {},
});
async function records(): Promise<PartnerRecord[]> {
  const out: PartnerRecord[] = [];
  for await (const page of akbank.report!.pages(config, now())) out.push(...page.records);
  return out;
}
const shape = (rs: PartnerRecord[]) => rs.map((r) => `${r.kind}/${r.status}/${r.amount}`).sort();

describe("Akbank history report", () => {
  it("lists the terminal's sales, a cancelled sale with its cancel, and refunds after the end of day", async () => {
    const a = await paid("150.00");
    const b = await paid("80.00");
    await paid("12.00", CARDS.insufficientFunds);
    expect(await akbank.refund(config, { ...ref(b), refundId: "v" }, "80.00")).toMatchObject({ ok: true });
    sim.settle();
    expect(await akbank.refund(config, { ...ref(a), refundId: "r" }, "40.00")).toMatchObject({ ok: true });
    expect(akbank.report!.mode).toBe("list");
    const all = await records();
    expect(shape(all)).toEqual(
      [
        "refund/succeeded/40.00",
        "sale/failed/12.00",
        "sale/succeeded/150.00",
        "sale/succeeded/80.00",
        "void/succeeded/80.00",
      ].sort(),
    );
    expect(all.every((r) => r.orderId?.startsWith("ORDR"))).toBe(true);
  });

  it("halves a window that holds more than one answer lists, down to a minute", async () => {
    sim.historyCap(2);
    const before = sim.apiCalls().filter((c) => c.path === "history").length;
    try {
      // The day's lines all fall within one second here: halving cannot part them, and the day stays unread.
      await expect(records()).rejects.toThrow(/under a minute/);
      expect(sim.apiCalls().filter((c) => c.path === "history").length - before).toBeGreaterThan(5);
    } finally {
      sim.historyCap(9999);
    }
  });

  it("throws when the history answers an error or garbage", async () => {
    for (const mode of [500, "garbage"] as const) {
      sim.failReports(mode);
      await expect(records()).rejects.toThrow();
    }
    sim.failReports(null);
    expect((await records()).length).toBe(5);
  });
});
