import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPaytrSimulator, type PaytrSimulator } from "@/e2e/simulators/paytr/server";
import { notificationSignature } from "@/e2e/simulators/paytr/wire";
import {
  PartnerCallError,
  type CardOrder,
  type IncomingMessage,
  type OrderLookup,
} from "@/lib/integrations/connectors/ports";
import { paytrConfigSchema, type PaytrConfig } from "@/lib/integrations/connectors/paytr/config";
import { paytrConnector as paytr } from "@/lib/integrations/connectors/paytr";

/** The connector against the simulated PayTR over real HTTP; its notifications reach a receiver started here. */

let sim: PaytrSimulator;
let config: PaytrConfig;
let receiver: Server;
let answer = "OK";
const received: Record<string, string>[] = [];
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
// As the app's lookup: by our order id or by the reference PayTR knows the order by.
const lookup: OrderLookup = async (id) =>
  [...orders.values()].find((o) => o.orderId === id || o.partnerReference === id) ?? null;
let seq = 0;

beforeAll(async () => {
  sim = await startPaytrSimulator({ retryEveryMs: 50 });
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      res.writeHead(answer === "OK" ? 200 : 500, { "content-type": "text/plain" }).end(answer);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const store = sim.addMerchant();
  sim.setNotificationUrl(store.merchantId, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`);
  config = paytrConfigSchema.parse({ ...store, baseUrl: sim.url, timeoutMs: 2000 });
});
afterAll(async () => {
  await sim.stop();
  await new Promise((r) => receiver.close(r));
});
afterEach(() => {
  answer = "OK";
  sim.refuseRefunds(false);
  sim.failNext(200, 0);
});

function newOrder(amount = "249.90"): CardOrder {
  const orderId = `ORD-T${Date.now()}${++seq}`;
  orders.set(orderId, { orderId, amount, currency: "TRY", partnerReference: null });
  return {
    orderId,
    amount,
    currency: "TRY",
    description: `Deposit ${orderId}`,
    returnUrl: `https://pay.example/api/returns/card/tok${seq}?lang=en`,
    notifyUrl: "https://pay.example/unused",
    lang: "en",
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

async function checkout(order: CardOrder) {
  const result = await paytr.startCheckout(config, order);
  orders.get(order.orderId)!.partnerReference = result.partnerReference;
  if (result.next.kind !== "iframe") throw new Error("expected the frame");
  return { url: result.next.url, oid: result.partnerReference!, reuseUntil: result.reuseUntil };
}

/** The customer in PayTR's frame: opens it and submits the card (or "cancel"). */
async function payInFrame(url: string, card: string, action = "pay") {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cc_owner: "AYSE YILMAZ", card_number: card, expiry: "12/30", cvv: "000", action }),
  });
  await sim.settled();
  return res.text();
}

const asMessage = (fields: Record<string, string>): IncomingMessage => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  rawBody: new URLSearchParams(fields).toString(),
  form: fields,
  query: {},
});
const lastFor = (oid: string) => received.filter((r) => r.merchant_oid === oid).at(-1)!;

describe("PayTR connector against the simulator", () => {
  it("opens PayTR's frame for our order: a signed get-token, the oid without its dash, reused until the frame expires", async () => {
    const order = newOrder();
    const { url, oid, reuseUntil } = await checkout(order);
    expect(url).toMatch(new RegExp(`^${sim.url}/odeme/guvenli/[a-f0-9]+$`));
    expect(oid).toBe(order.orderId.replace("-", ""));
    expect(Date.parse(reuseUntil!)).toBeLessThanOrEqual(Date.parse(order.expiresAt));
    const frame = [...sim.state.frames.values()].find((f) => f.oid === oid)!;
    expect(frame).toMatchObject({
      amount: 24990,
      okUrl: order.returnUrl,
      failUrl: order.returnUrl,
      lang: "en",
      testMode: false,
    });
  });

  it("an approval: the notification verifies, is answered OK, and PayTR sends it again until it got OK", async () => {
    const order = newOrder("150.00");
    const { url, oid } = await checkout(order);
    answer = "busy"; // our side answers anything but OK at first: PayTR repeats
    const before = received.length;
    const res = fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ card_number: "4355 0843 5508 4358", expiry: "12/30", cvv: "000", action: "pay" }),
    });
    await res;
    await new Promise((r) => setTimeout(r, 200));
    answer = "OK";
    await sim.settled();
    const sent = received.slice(before).filter((r) => r.merchant_oid === oid);
    expect(sent.length).toBeGreaterThan(1);
    expect(new Set(sent.map((r) => JSON.stringify(r))).size).toBe(1);
    const verdict = await paytr.verifyNotification!(config, asMessage(sent[0]!), lookup);
    expect(verdict).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "approved", amount: "150.00", partnerReference: oid },
      ack: { status: 200, body: "OK" },
    });
  });

  it("a forged or tampered notification is refused and not answered OK; another order's, a test payment's on a live store too", async () => {
    const order = newOrder("75.50");
    const { url, oid } = await checkout(order);
    await payInFrame(url, "4355084355084358");
    const genuine = lastFor(oid);
    const refused = async (fields: Record<string, string>) => {
      const verdict = await paytr.verifyNotification!(config, asMessage(fields), lookup);
      expect(verdict.ok).toBe(false);
      expect(verdict.ack.body).not.toBe("OK");
    };
    await refused({
      ...genuine,
      hash: notificationSignature(
        { merchantKey: "guessed", merchantSalt: config.merchantSalt },
        oid,
        "success",
        genuine.total_amount!,
      ),
    });
    await refused({ ...genuine, total_amount: "1" });
    await refused({ ...genuine, hash: "" });
    // Correctly signed (the store's own keys) but naming less than ours (more is installment interest: see below).
    await refused({ ...genuine, total_amount: "7549", hash: notificationSignature(config, oid, "success", "7549") });
    // Correctly signed for an order we do not hold.
    await refused({
      ...genuine,
      merchant_oid: "ORDNOSUCHORDER",
      hash: notificationSignature(config, "ORDNOSUCHORDER", "success", genuine.total_amount!),
    });
    await refused({ ...genuine, test_mode: "1" });
    await refused({ ...genuine, currency: "USD" });
    expect((await paytr.verifyNotification!(config, asMessage(genuine), lookup)).ok).toBe(true);
  });

  it("a decline carries PayTR's reason; leaving the frame is a cancellation", async () => {
    const declined = newOrder();
    const d = await checkout(declined);
    await payInFrame(d.url, "4000000000000002");
    expect(await paytr.verifyNotification!(config, asMessage(lastFor(d.oid)), lookup)).toMatchObject({
      ok: true,
      outcome: {
        status: "declined",
        error: { code: "0", message: "Declined by the card's bank (Kart limiti yetersiz)" },
      },
    });
    const left = newOrder();
    const l = await checkout(left);
    await payInFrame(l.url, "", "cancel");
    expect(await paytr.verifyNotification!(config, asMessage(lastFor(l.oid)), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "cancelled", error: { code: "6" } },
    });
  });

  it("the status inquiry finds a paid order (amounts in the document's comma form); an unpaid one is no verdict", async () => {
    const order = newOrder("249.90");
    const { url, oid } = await checkout(order);
    await expect(
      paytr.inquire(config, { orderId: order.orderId, amount: order.amount, currency: "TRY", partnerReference: oid }),
    ).rejects.toThrow(PartnerCallError);
    await payInFrame(url, "4355084355084358");
    expect(
      await paytr.inquire(config, {
        orderId: order.orderId,
        amount: order.amount,
        currency: "TRY",
        partnerReference: oid,
      }),
    ).toEqual({
      status: "approved",
      amount: "249.90",
      partnerReference: oid,
      authCode: null,
      // The card its answer names (masked_pan): the notification names none.
      card: { brand: "Visa", last4: "4358" },
    });
    // Without the stored reference the oid is derived from the order id.
    expect(
      await paytr.inquire(config, {
        orderId: order.orderId,
        amount: order.amount,
        currency: "TRY",
        partnerReference: null,
      }),
    ).toMatchObject({ status: "approved" });
    await expect(
      paytr.inquire(config, { orderId: order.orderId, amount: "249.91", currency: "TRY", partnerReference: oid }),
    ).rejects.toThrow(/not the payment's/);
  });

  it("installment interest (total above the order): the notification and the inquiry approve the order's amount and name what was collected; less is refused", async () => {
    const order = newOrder("100.00");
    const { url, oid } = await checkout(order);
    sim.chargeInterest(850);
    try {
      await payInFrame(url, "4355084355084358");
    } finally {
      sim.chargeInterest(0);
    }
    const sent = lastFor(oid);
    expect(sent).toMatchObject({ total_amount: "10850", payment_amount: "10000" });
    const approved = {
      status: "approved",
      amount: "100.00",
      partnerReference: oid,
      authCode: null,
      collected: "108.50",
    };
    expect(await paytr.verifyNotification!(config, asMessage(sent), lookup)).toMatchObject({
      ok: true,
      outcome: approved,
      ack: { status: 200, body: "OK" },
    });
    const ask = { orderId: order.orderId, amount: order.amount, currency: "TRY", partnerReference: oid };
    expect(await paytr.inquire(config, ask)).toEqual({ ...approved, card: { brand: "Visa", last4: "4358" } });
    // Signed with the store's keys but below the order: not a payment of this order.
    const less = { ...sent, total_amount: "9999", hash: notificationSignature(config, oid, "success", "9999") };
    expect((await paytr.verifyNotification!(config, asMessage(less), lookup)).ok).toBe(false);
  });

  it("refunds: part, the rest, then more than is left refused with PayTR's code; a refusal and an unreadable answer", async () => {
    const order = newOrder("100.00");
    const { url, oid } = await checkout(order);
    await payInFrame(url, "4355084355084358");
    const ref = (refundId: string) => ({
      orderId: order.orderId,
      amount: order.amount,
      currency: "TRY",
      partnerReference: oid,
      refundId,
    });
    expect(await paytr.refund(config, ref("RF-AAAA00000001"), "40.00")).toEqual({
      ok: true,
      partnerReference: "RFAAAA00000001",
    });
    expect(await paytr.refund(config, ref("RF-AAAA00000002"), "60.00")).toEqual({
      ok: true,
      partnerReference: "RFAAAA00000002",
    });
    expect(await paytr.refund(config, ref("RF-AAAA00000003"), "0.01")).toMatchObject({
      ok: false,
      error: { code: "009" },
    });
    expect(sim.state.payment(config.merchantId, oid)!.refunds.map((r) => [r.amount, r.referenceNo])).toEqual([
      [4000, "RFAAAA00000001"],
      [6000, "RFAAAA00000002"],
    ]);
    // A refund whose answer was lost is found by its own reference in the status inquiry's list, or not.
    expect(
      await paytr.inquireRefund(config, ref("RF-AAAA00000002"), {
        refundId: "RF-AAAA00000002",
        amount: "60.00",
        recorded: [],
      }),
    ).toEqual({ status: "made", partnerReference: "RFAAAA00000002" });
    expect(
      await paytr.inquireRefund(config, ref("RF-AAAA00000003"), {
        refundId: "RF-AAAA00000003",
        amount: "0.01",
        recorded: [],
      }),
    ).toEqual({ status: "not_made" });
    const other = newOrder("20.00");
    const o = await checkout(other);
    await payInFrame(o.url, "4355084355084358");
    sim.refuseRefunds(true);
    expect(
      await paytr.refund(
        config,
        { orderId: other.orderId, amount: "20.00", currency: "TRY", partnerReference: o.oid, refundId: "RF-B" },
        "20.00",
      ),
    ).toMatchObject({ ok: false, error: { code: "010" } });
    sim.refuseRefunds(false);
    sim.failNext(502);
    await expect(
      paytr.refund(
        config,
        { orderId: other.orderId, amount: "20.00", currency: "TRY", partnerReference: o.oid, refundId: "RF-C" },
        "20.00",
      ),
    ).rejects.toMatchObject({ failure: { kind: "retry" } });
  });

  it("get-token refused (a wrong key) is a refusal; no answer is retry; test connection says which", async () => {
    const wrong = { ...config, merchantKey: "not-the-key" };
    await expect(paytr.startCheckout(wrong, newOrder())).rejects.toMatchObject({ failure: { kind: "refused" } });
    sim.failNext(503);
    await expect(paytr.startCheckout(config, newOrder())).rejects.toMatchObject({ failure: { kind: "retry" } });
    expect(await paytr.testConnection(config)).toMatchObject({ ok: true });
    expect(await paytr.testConnection(wrong)).toMatchObject({ ok: false });
    expect(await paytr.testConnection({ ...config, baseUrl: "http://127.0.0.1:9" })).toMatchObject({ ok: false });
  });

  it("the configuration names what is wrong", () => {
    const bad = paytrConfigSchema.safeParse({ merchantId: "12a", merchantKey: "k", extra: 1 });
    expect(bad.success).toBe(false);
    const keys = bad.error!.issues.map((i) => i.path.join(".") || i.message);
    expect(keys).toEqual(expect.arrayContaining(["merchantId", "merchantSalt"]));
    expect(JSON.stringify(bad.error!.issues)).toContain("extra");
    expect(paytrConfigSchema.parse({ merchantId: "100001", merchantKey: "k", merchantSalt: "s" })).toMatchObject({
      baseUrl: "https://www.paytr.com",
      testMode: false,
      timeoutMs: 20000,
    });
  });
});
