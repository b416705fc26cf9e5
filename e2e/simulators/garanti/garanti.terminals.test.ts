import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formBody, postForm, readForm } from "@/e2e/simulators/est-v3/browser";
import { CARDS, DEFAULT_TERMINAL, startGarantiSimulator, type GarantiSimulator } from "@/e2e/simulators/garanti/server";
import type { Terminal } from "@/e2e/simulators/garanti/state";
import type { CardOrder } from "@/lib/integrations/connectors/ports";
import type { ReportQuery } from "@/lib/integrations/connectors/report-port";
import { garantiConfigSchema, type GarantiConfig } from "@/lib/integrations/connectors/garanti/config";
import { garantiConnector as garanti } from "@/lib/integrations/connectors/garanti";

/**
 * Each shop has its own terminal at GVP: the connector, configured with one terminal's credentials, sees that
 * terminal's orders only, in the order list, the order inquiry and refunds; the default terminal is as it was.
 */
let sim: GarantiSimulator;
let seq = 0;
const gvp = (order: { orderId: string }) => order.orderId.replace(/[^A-Za-z0-9]/g, "");

const configOf = (t: Terminal): GarantiConfig =>
  garantiConfigSchema.parse({
    merchantId: t.merchantId,
    terminalId: t.terminalId,
    userId: "PROVOOS",
    password: t.users.PROVOOS!,
    storeKey: t.storeKey,
    refundPassword: t.users.PROVRFN!,
    gatewayUrl: sim.gatewayUrl,
    apiUrl: sim.apiUrl,
    timeoutMs: 1000,
  });

beforeAll(async () => {
  sim = await startGarantiSimulator();
});
afterAll(() => sim.stop());

function newOrder(amount: string): CardOrder {
  seq += 1;
  return {
    orderId: `ORD-${Date.now().toString(36).toUpperCase()}-T${seq}`,
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

async function pay(config: GarantiConfig, order: CardOrder): Promise<void> {
  const checkout = await garanti.startCheckout(config, order);
  if (checkout.next.kind !== "form_post") throw new Error("expected a form post");
  const page = readForm((await postForm(checkout.next.url, new URLSearchParams(checkout.next.fields).toString())).html);
  const session = page?.fields.find(([name]) => name === "session")?.[1];
  if (!page || !session) throw new Error("the engine refused the form");
  const filled: [string, string][] = [
    ["session", session],
    ["pan", CARDS.approve],
    ["holder", "Ada Kaya"],
    ["expiry", "12/30"],
    ["cv2", "000"],
  ];
  await postForm(new URL(page.action, sim.url).toString(), formBody(filled, page.charset));
}

const today = (): ReportQuery => ({
  day: new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10),
  from: new Date(Date.now() - 3600_000),
  to: new Date(Date.now() + 3600_000),
  orders: async function* () {},
});

async function listed(config: GarantiConfig): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of garanti.report!.pages(config, today()))
    for (const r of page.records) ids.push(`${r.orderId} ${r.kind} ${r.amount}`);
  return ids;
}

const ref = (order: CardOrder) => ({
  orderId: order.orderId,
  amount: order.amount,
  currency: order.currency,
  partnerReference: gvp(order),
});

describe("garanti's simulated GVP with a terminal per shop", () => {
  it("gives each added terminal numbers and passwords of its own, beside the unchanged default", () => {
    const [a, b] = [sim.addTerminal(), sim.addTerminal()];
    expect(a.terminalId).toMatch(/^\d{8}$/);
    expect(a.merchantId).toMatch(/^\d{1,15}$/);
    const numbers = [DEFAULT_TERMINAL, a, b].flatMap((t) => [t.terminalId, t.merchantId]);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(a.users.PROVOOS).not.toBe(b.users.PROVOOS);
    expect(a.users.PROVOOS).not.toBe(a.users.PROVRFN);
    expect(a.storeKey).not.toBe(b.storeKey);
    expect(DEFAULT_TERMINAL).toMatchObject({ merchantId: "7000679", terminalId: "30691298", storeKey: "12345678" });
  });

  it("lists, inquires and refunds each terminal's own orders only", async () => {
    const [a, b] = [configOf(sim.addTerminal()), configOf(sim.addTerminal())];
    const first = configOf(DEFAULT_TERMINAL);
    const [ofA, ofB, ofDefault] = [newOrder("150.00"), newOrder("80.00"), newOrder("12.00")];
    await pay(a, ofA);
    await pay(b, ofB);
    await pay(first, ofDefault);
    sim.unknownSale("PANELSALE1", "99.99", b.terminalId);

    expect(sim.order(a.terminalId, gvp(ofA))?.txns).toHaveLength(1);
    expect(sim.order(b.terminalId, gvp(ofA))).toBeUndefined();
    expect(await listed(a)).toEqual([`${gvp(ofA)} sale 150.00`]);
    expect(await listed(b)).toEqual([`${gvp(ofB)} sale 80.00`, "PANELSALE1 sale 99.99"]);
    expect(await listed(first)).toContain(`${gvp(ofDefault)} sale 12.00`);
    expect((await listed(first)).filter((line) => line.startsWith(gvp(ofA)))).toEqual([]);

    expect(await garanti.inquire(a, ref(ofA))).toMatchObject({ status: "declined", charged: { amount: "150.00" } });
    expect(await garanti.inquire(b, ref(ofA))).toEqual({ status: "not_found" });

    const refund = (config: GarantiConfig) => garanti.refund(config, { ...ref(ofA), refundId: `R${seq}` }, "150.00");
    expect(await refund(b)).toMatchObject({ ok: false, error: { code: "NO_SALE" } });
    expect(sim.leftOf(a.terminalId, gvp(ofA))).toBe(15000n);
    expect(await refund(a)).toMatchObject({ ok: true });
    expect(sim.leftOf(a.terminalId, gvp(ofA))).toBe(0n);
  });

  it("refuses one terminal's numbers signed with another's password", async () => {
    const [a, b] = [sim.addTerminal(), sim.addTerminal()];
    const crossed = { ...configOf(a), password: b.users.PROVOOS! };
    await expect(listed(crossed)).rejects.toMatchObject({ failure: { kind: "refused", error: { code: "0651" } } });
  });
});
