import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPaparaSimulator, type PaparaSimulator } from "@/e2e/simulators/papara/server";
import type { GatewayDepositOrder, IncomingMessage, OrderLookup } from "@/lib/integrations/connectors/ports";
import { paparaConfigSchema, type PaparaConfig } from "@/lib/integrations/connectors/papara/config";
import { paparaConnector as papara } from "@/lib/integrations/connectors/papara";
import { CONNECTOR_KINDS } from "@/lib/domain/third-party/connector-kinds";

/** The connector against the simulated Papara over real HTTP; Papara's notifications reach a receiver started here. */

let sim: PaparaSimulator;
let config: PaparaConfig;
let receiver: Server;
let notifyUrl = "";
const received: string[] = [];
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
const lookup: OrderLookup = async (id) => orders.get(id) ?? null;
let seq = 0;

beforeAll(async () => {
  sim = await startPaparaSimulator({ retryEveryMs: 50 });
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => (received.push(body), res.writeHead(200).end("OK")));
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  config = paparaConfigSchema.parse({
    apiKey: sim.apiKey,
    merchantSecretKey: sim.merchantSecretKey,
    baseUrl: sim.url,
    timeoutMs: 2000,
  });
});
afterAll(async () => {
  await sim.stop();
  await new Promise((r) => receiver.close(r));
});
afterEach(() => {
  sim.failNext(200, 0);
  sim.dropMassPaymentAnswers(0);
  sim.notFoundAsUnsucceeded(false);
});

function deposit(amount = "150.00"): GatewayDepositOrder {
  const clientRef = `TPWD-T${Date.now()}${++seq}`;
  orders.set(clientRef, { orderId: clientRef, amount, currency: "TRY", partnerReference: null });
  return {
    clientRef,
    amount,
    currency: "TRY",
    notifyUrl,
    returnUrl: `https://pay.example/pay/tok${seq}`,
    customer: { id: "u-1", name: "Mert Yıldız", email: "" },
  };
}

async function issue(order: GatewayDepositOrder) {
  const issued = await papara.issueDeposit(config, order);
  orders.get(order.clientRef)!.partnerReference = issued.gatewayReference;
  return issued;
}

async function payAtPapara(url: string) {
  expect((await fetch(url)).status).toBe(200);
  await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "accountNumber=1234567890&action=pay",
  });
  await sim.settled();
  return received.at(-1)!;
}

const asMessage = (body: string): IncomingMessage => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  rawBody: body,
  form: null,
  query: {},
});
const withdrawal = (wallet = "1234567890", amount = "75.25") => ({
  clientRef: `TPWW-T${Date.now()}${++seq}`,
  amount,
  currency: "TRY",
  account: { wallet_number: wallet },
  notifyUrl,
  createdAt: new Date().toISOString(),
});

/** The inquiry about a withdrawal Papara was never sent (the order's clientRef, changed). */
const unknownWithdrawal = (order: { clientRef: string }) =>
  papara.inquire(config, { clientRef: `${order.clientRef}X`, direction: "withdrawal", gatewayReference: null });

describe("Papara connector against the simulator", () => {
  it("a deposit is a Papara payment link; issuing again offers the same payment, never a second one", async () => {
    const order = deposit("150.00");
    const issued = await issue(order);
    expect(issued.instructions).toEqual({
      kind: "payment_page",
      partner: "Papara",
      url: `${sim.url}/pid?${issued.gatewayReference}`,
      reference: issued.gatewayReference,
    });
    expect(issued.next).toEqual({
      kind: "redirect",
      url: issued.instructions.kind === "payment_page" ? issued.instructions.url : "",
    });
    expect(sim.state.payments.get(issued.gatewayReference)).toMatchObject({
      amount: 150,
      referenceId: order.clientRef,
      notificationUrl: notifyUrl,
      redirectUrl: order.returnUrl,
      status: 0,
    });
    expect((await papara.issueDeposit(config, order)).gatewayReference).toBe(issued.gatewayReference);
    expect([...sim.state.payments.values()].filter((p) => p.referenceId === order.clientRef)).toHaveLength(1);
  });

  it("the notification is believed through Papara's own answer: paid is approved for our amount", async () => {
    const order = deposit("99.99");
    const issued = await issue(order);
    const body = await payAtPapara(issued.instructions.kind === "payment_page" ? issued.instructions.url : "");
    expect(JSON.parse(body)).toMatchObject({
      id: issued.gatewayReference,
      status: 1,
      referenceId: order.clientRef,
      merchantSecretKey: sim.merchantSecretKey,
    });
    const verdict = await papara.verifyNotification(config, asMessage(body), lookup);
    expect(verdict).toMatchObject({
      ok: true,
      orderId: order.clientRef,
      direction: "deposit",
      outcome: { status: "approved", amount: "99.99", partnerReference: issued.gatewayReference },
      ack: { status: 200 },
    });
  });

  it("a forged notification changes nothing: Papara says the payment still awaits; another secret, id or order is refused", async () => {
    const order = deposit("50.00");
    const issued = await issue(order);
    const forged = JSON.stringify({
      id: issued.gatewayReference,
      referenceId: order.clientRef,
      status: 1,
      amount: 50,
      merchantSecretKey: sim.merchantSecretKey,
    });
    expect(await papara.verifyNotification(config, asMessage(forged), lookup)).toMatchObject({
      ok: true,
      outcome: { status: "pending" },
    });
    expect(
      await papara.verifyNotification(config, asMessage(forged.replace(sim.merchantSecretKey, "guessed")), lookup),
    ).toMatchObject({ ok: false, ack: { status: 401 } });
    expect(
      await papara.verifyNotification(
        config,
        asMessage(JSON.stringify({ id: "AAAA-BBBB-CCCC", merchantSecretKey: sim.merchantSecretKey })),
        lookup,
      ),
    ).toMatchObject({ ok: false });
    // Papara's answer names an order this gateway does not hold.
    expect(await papara.verifyNotification(config, asMessage(forged), async () => null)).toMatchObject({ ok: false });
    sim.failNext(502);
    expect(await papara.verifyNotification(config, asMessage(forged), lookup)).toMatchObject({
      ok: false,
      ack: { status: 503 },
    });
  });

  it("the deposit inquiry: awaiting, paid; a payment Papara deleted unpaid is cancelled once it is long gone", async () => {
    const order = deposit("10.00");
    const issued = await issue(order);
    expect(
      await papara.inquire(config, {
        clientRef: order.clientRef,
        direction: "deposit",
        gatewayReference: issued.gatewayReference,
      }),
    ).toEqual({ status: "pending" });
    sim.expireUnpaid();
    expect(
      await papara.inquire(config, {
        clientRef: order.clientRef,
        direction: "deposit",
        gatewayReference: issued.gatewayReference,
        createdAt: new Date().toISOString(),
      }),
    ).toEqual({ status: "not_found" });
    expect(
      await papara.inquire(config, {
        clientRef: order.clientRef,
        direction: "deposit",
        gatewayReference: issued.gatewayReference,
        createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
      }),
    ).toMatchObject({ status: "cancelled", error: { code: "EXPIRED" } });
    const paid = deposit("20.00");
    const p = await issue(paid);
    await payAtPapara(p.instructions.kind === "payment_page" ? p.instructions.url : "");
    expect(
      await papara.inquire(config, { clientRef: paid.clientRef, direction: "deposit", gatewayReference: null }),
    ).toMatchObject({ status: "approved", amount: "20.00" });
  });

  it("a withdrawal is a mass payment, settled when created; sending it again finds it and pays nothing more", async () => {
    const order = withdrawal("PL1111111111", "75.25");
    const sent = await papara.submitWithdrawal(config, order);
    expect(sent).toEqual({
      gatewayReference: expect.stringMatching(/^\d+$/),
      settled: { status: "approved", amount: "75.25", partnerReference: sent.gatewayReference },
    });
    expect(sim.state.massByReference(order.clientRef)).toMatchObject({ accountNumber: "1111111111", amount: 75.25 });
    expect(await papara.submitWithdrawal(config, order)).toEqual(sent);
    expect([...sim.state.massPayments.values()].filter((m) => m.massPaymentId === order.clientRef)).toHaveLength(1);
    expect(
      await papara.inquire(config, {
        clientRef: order.clientRef,
        direction: "withdrawal",
        gatewayReference: sent.gatewayReference,
      }),
    ).toMatchObject({ status: "approved", amount: "75.25" });
    expect(await unknownWithdrawal(order)).toEqual({ status: "not_found" });
  });

  it("Papara saying 'not found' as succeeded: false (HTTP 200) is nothing there: the mass payment is made once, lookups find nothing", async () => {
    sim.notFoundAsUnsucceeded(true);
    const order = withdrawal("1111111111", "33.10");
    const sent = await papara.submitWithdrawal(config, order);
    expect(sent.settled).toEqual({ status: "approved", amount: "33.10", partnerReference: sent.gatewayReference });
    expect(await papara.submitWithdrawal(config, order)).toEqual(sent);
    expect([...sim.state.massPayments.values()].filter((m) => m.massPaymentId === order.clientRef)).toHaveLength(1);
    expect(await unknownWithdrawal(order)).toEqual({ status: "not_found" });
    const unknown = deposit("5.00");
    expect(
      await papara.inquire(config, { clientRef: unknown.clientRef, direction: "deposit", gatewayReference: null }),
    ).toEqual({ status: "not_found" });
  });

  it("a mass payment whose answer was lost is 'retry'; the retry finds it: one payment", async () => {
    const order = withdrawal("2222222222", "12.00");
    sim.dropMassPaymentAnswers(1);
    await expect(papara.submitWithdrawal(config, order)).rejects.toMatchObject({ failure: { kind: "retry" } });
    const again = await papara.submitWithdrawal(config, order);
    expect(again.settled).toMatchObject({ status: "approved", amount: "12.00" });
    expect([...sim.state.massPayments.values()].filter((m) => m.massPaymentId === order.clientRef)).toHaveLength(1);
  });

  it("Papara's refusals are definite, with its code; a malformed Papara number is refused before any call", async () => {
    await expect(papara.submitWithdrawal(config, withdrawal("9999999999"))).rejects.toMatchObject({
      failure: {
        kind: "refused",
        error: { code: "PAPARA_100", message: "No Papara user has this number (User not found.)" },
      },
    });
    const calls = sim.calls.length;
    await expect(papara.submitWithdrawal(config, withdrawal("12345"))).rejects.toMatchObject({
      failure: { kind: "refused", error: { code: "INVALID_WALLET_NUMBER" } },
    });
    expect(sim.calls.length).toBe(calls);
    sim.state.balance = 5;
    try {
      await expect(papara.submitWithdrawal(config, withdrawal("3333333333", "10.00"))).rejects.toMatchObject({
        failure: { kind: "refused", error: { code: "PAPARA_105" } },
      });
    } finally {
      sim.state.balance = 1_000_000;
    }
    sim.failNext(503);
    await expect(papara.submitWithdrawal(config, withdrawal())).rejects.toMatchObject({ failure: { kind: "retry" } });
  });

  it("test connection; the configuration names what is wrong; wallet gateways only", async () => {
    expect(await papara.testConnection(config)).toEqual({
      ok: true,
      message: "Papara accepted the API key (SimMerchant)",
    });
    expect(await papara.testConnection({ ...config, apiKey: "wrong" })).toMatchObject({ ok: false });
    const bad = paparaConfigSchema.safeParse({ baseUrl: "ftp://x", other: 1 });
    expect(bad.error!.issues.map((i) => i.path.join(".") || i.message)).toEqual(
      expect.arrayContaining(["apiKey", "baseUrl"]),
    );
    expect(CONNECTOR_KINDS.papara).toEqual(["wallet"]);
  });
});
