import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IYZICO_TEST_KEYS, startIyzicoSimulator, type IyzicoSimulator } from "@/e2e/simulators/iyzico/server";
import { turkeyDateTime } from "@/e2e/simulators/iyzico/report";
import { iyzicoConnector as iyzico } from "@/lib/integrations/connectors/iyzico";
import { callIyzico } from "@/lib/integrations/connectors/iyzico/client";
import { iyzicoConfigSchema, type IyzicoConfig } from "@/lib/integrations/connectors/iyzico/config";
import { refundRequest } from "@/lib/integrations/connectors/iyzico/request-mapper";
import type { CardOrder, IncomingMessage, OrderLookup } from "@/lib/integrations/connectors/ports";
import type { PartnerRecord } from "@/lib/integrations/connectors/report-port";

/**
 * Several merchant accounts on one simulated iyzico, as separate dealers have: each merchant's keys see only its
 * own payments (the daily report, the status inquiry, the checkout retrieve, the transaction detail and refunds),
 * another merchant's being "not found", as iyzico answers.
 */

let sim: IyzicoSimulator;
let mine: IyzicoConfig;
let theirs: IyzicoConfig;
let seq = 0;
const APPROVE = "5528790000000008";
const orders = new Map<string, { orderId: string; amount: string; currency: string; partnerReference: null }>();
const lookup: OrderLookup = async (orderId) => orders.get(orderId) ?? null;
const today = () => turkeyDateTime(Date.now()).slice(0, 10);

const configOf = ({ apiKey, secretKey }: { apiKey: string; secretKey: string }) =>
  iyzicoConfigSchema.parse({ apiKey, secretKey, baseUrl: sim.url, timeoutMs: 2000 });

beforeAll(async () => {
  sim = await startIyzicoSimulator({ reportPageSize: 2 });
  mine = configOf(sim);
  theirs = configOf(sim.addMerchant());
  await iyzico.testConnection(mine);
});
afterAll(() => sim.stop());

function newOrder(amount: string): CardOrder {
  const orderId = `MRC-${Date.now()}-${++seq}`;
  orders.set(orderId, { orderId, amount, currency: "TRY", partnerReference: null });
  return {
    orderId,
    amount,
    currency: "TRY",
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

/** Checkout through the connector with the merchant's keys, then the customer pays on the hosted page. */
async function buy(config: IyzicoConfig, order: CardOrder): Promise<string> {
  const started = await iyzico.startCheckout(config, order);
  if (started.next.kind !== "redirect") throw new Error("expected a redirect");
  const token = started.partnerReference ?? "";
  const body = new URLSearchParams({
    token,
    lang: "tr",
    cardNumber: APPROVE,
    expireMonth: "12",
    expireYear: "2030",
    cvc: "123",
  });
  const paid = await fetch(new URL("/checkoutform/pay", started.next.url), { method: "POST", body });
  expect(paid.status).toBe(200);
  return token;
}

async function recordsOf(config: IyzicoConfig): Promise<PartnerRecord[]> {
  const day = today();
  const from = new Date(`${day}T00:00:00+03:00`);
  const to = new Date(from.getTime() + 24 * 60 * 60_000);
  const records: PartnerRecord[] = [];
  const orderList = async function* () {};
  for await (const page of iyzico.report!.pages(config, { day, from, to, orders: orderList }))
    records.push(...page.records);
  return records;
}

// A sale and its cancel made in the same millisecond may be listed either way round: compared sale first.
const KIND_ORDER = ["sale", "refund", "void", "chargeback"];
const about = (records: PartnerRecord[], orderId: string) =>
  records
    .filter((r) => r.orderId === orderId)
    .map(({ kind, amount, status }) => ({ kind, amount, status }))
    .sort((x, y) => KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind));

const tokenPost = (token: string): IncomingMessage => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  rawBody: `token=${encodeURIComponent(token)}`,
  form: { token },
  query: {},
});

describe("iyzico simulator with several merchants", () => {
  it("keeps the default merchant's keys as they were", () => {
    expect({ apiKey: sim.apiKey, secretKey: sim.secretKey }).toEqual(IYZICO_TEST_KEYS);
    expect(theirs.apiKey).not.toBe(sim.apiKey);
    expect(theirs.secretKey).not.toBe(sim.secretKey);
  });

  it("lists in each merchant's daily report only its own payments, refunds and cancels", async () => {
    const a = newOrder("210.00");
    const b = newOrder("320.00");
    const c = newOrder("55.00");
    await buy(mine, a);
    await buy(theirs, b);
    await buy(theirs, c);
    sim.panelRefund(b.orderId, "20.00");
    sim.panelCancel(c.orderId);
    const strangerOfTheirs = sim.unknownSale({ amount: "44.40", apiKey: theirs.apiKey });
    const strangerOfMine = sim.unknownSale({ amount: "11.10" });
    expect([strangerOfTheirs.apiKey, strangerOfMine.apiKey]).toEqual([theirs.apiKey, mine.apiKey]);
    expect(() => sim.unknownSale({ amount: "1.00", apiKey: "no-such-merchant" })).toThrow(/no merchant/);

    const ok = { status: "succeeded" };
    const ours = await recordsOf(mine);
    expect(about(ours, a.orderId)).toEqual([{ ...ok, kind: "sale", amount: "210.00" }]);
    expect(about(ours, strangerOfMine.conversationId)).toEqual([{ ...ok, kind: "sale", amount: "11.10" }]);
    for (const id of [b.orderId, c.orderId, strangerOfTheirs.conversationId]) expect(about(ours, id)).toEqual([]);

    // Several pages (two rows a page), every row the merchant's own.
    const records = await recordsOf(theirs);
    expect(records).toHaveLength(5);
    expect(about(records, b.orderId)).toEqual([
      { ...ok, kind: "sale", amount: "320.00" },
      { ...ok, kind: "refund", amount: "20.00" },
    ]);
    expect(about(records, c.orderId)).toEqual([
      { ...ok, kind: "sale", amount: "55.00" },
      { ...ok, kind: "void", amount: "55.00" },
    ]);
    expect(about(records, strangerOfTheirs.conversationId)).toEqual([{ ...ok, kind: "sale", amount: "44.40" }]);
  });

  it("answers another merchant's payment as not found: status inquiry, return, transaction detail, refund", async () => {
    const order = newOrder("90.00");
    const token = await buy(theirs, order);
    const ref = { orderId: order.orderId, amount: "90.00", currency: "TRY", partnerReference: token };

    expect(await iyzico.inquire(theirs, ref)).toMatchObject({ status: "approved", amount: "90.00" });
    expect(await iyzico.inquire(mine, ref)).toEqual({ status: "not_found" });
    expect(await iyzico.verifyReturn(theirs, tokenPost(token), lookup)).toMatchObject({ ok: true });
    expect(await iyzico.verifyReturn(mine, tokenPost(token), lookup)).toMatchObject({ ok: false });

    // A refund asked with the other merchant's keys, even by iyzico's own paymentId: no such payment there.
    const paymentId = sim.state.paymentByConversation(order.orderId)!.paymentId;
    expect(await iyzico.refund(mine, { ...ref, refundId: `${order.orderId}-R0` }, "10.00")).toMatchObject({
      ok: false,
      error: { code: "PAYMENT_NOT_FOUND" },
    });
    const direct = await callIyzico(
      mine,
      "refundV2",
      "create",
      refundRequest(paymentId, `${order.orderId}-R1`, "10.00", "TRY"),
    );
    expect(direct).toMatchObject({ status: "failure", errorCode: "5108" });
    expect(sim.state.paymentByConversation(order.orderId)!.refunds).toEqual([]);
    const detail = await callIyzico(mine, "reportingTransactionDetails", "retrieve", {
      locale: "tr",
      conversationId: "detail",
      paymentConversationId: order.orderId,
    });
    expect(detail).toMatchObject({ status: "failure", errorCode: "5108" });

    // The owner refunds it, and only the owner's transaction detail knows of that refund.
    expect(await iyzico.refund(theirs, { ...ref, refundId: `${order.orderId}-R2` }, "10.00")).toMatchObject({
      ok: true,
    });
    const asked = { refundId: `${order.orderId}-R2`, amount: "10.00", recorded: [] };
    expect(await iyzico.inquireRefund(theirs, ref, asked)).toMatchObject({ status: "made" });
    await expect(iyzico.inquireRefund(mine, ref, asked)).rejects.toMatchObject({ failure: { kind: "retry" } });
  });

  it("refuses an API key no merchant has", async () => {
    expect(await iyzico.testConnection({ ...theirs, apiKey: "sandbox-merchant-unknown" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("1001"),
    });
    expect(await iyzico.testConnection({ ...theirs, secretKey: mine.secretKey })).toMatchObject({
      ok: false,
      message: expect.stringContaining("1000"),
    });
  });
});
