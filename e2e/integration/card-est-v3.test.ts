import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { CARDS, DEFAULT_STORE, startEstV3Simulator, type EstV3Simulator } from "../simulators/est-v3/server";
import { readForm, type PageForm } from "../simulators/est-v3/browser";
import { admin, adminAsync } from "../support/admin-cli";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { paymentPageText, postReturn, pressPayByCard, readCardStep, startProductionServer, submit } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import type { AppServer } from "../support/test-stack";
import { noteText } from "../support/notes";

/**
 * EST 3D Pay Hosting through the app: a production build with the sandbox off (APP_ENV=production), a dealer
 * whose acquirer is est-v3 pointing at the simulated bank, and the customer's browser played over real HTTP:
 * our payment page, our form_post step, the bank's gate and card form, the signed return to our return URL.
 */

const stackEnv = inject("stackEnv");
const customer = { username: "ayse.k", user_id: "u-9", firstname: "Ayşe", lastname: "Kaya", email: "ayse@example.com", phone: "+905551112233" };
const dealerCustomer = { username: customer.username, firstname: customer.firstname, lastname: customer.lastname, email: customer.email, phone: customer.phone };
let server: AppServer;
let bank: EstV3Simulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  bank = await startEstV3Simulator();
  receiver = await startCallbackReceiver();
  server = await startProductionServer(stackEnv);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await bank?.stop();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Payment = { tracking_code: string; order_id: string; payment_url: string; token: string };

const estConfig = () => ({ clientId: DEFAULT_STORE.clientId, storeKey: DEFAULT_STORE.storeKey, username: DEFAULT_STORE.username, password: DEFAULT_STORE.password, gatewayUrl: bank.gatewayUrl, apiUrl: bank.apiUrl, timeoutMs: 5000 });

/** A dealer taking cards through the simulated EST bank (the sandbox connector is no acquirer on this server). */
async function estTenant(): Promise<Tenant> {
  const t = await createTenant({ callbackUrl: receiver.url, dealerCallbackUrl: receiver.url });
  await setDealerAcquirer(t.dealer.id, "est-v3", estConfig(), { label: "test" });
  return t;
}

async function providerPayment(t: Tenant, amount = 150): Promise<Payment> {
  const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, { body: { credential_key: t.site.credential_key, ...customer, amount } });
  expect(res.status).toBe(200);
  const data = res.json.data as Omit<Payment, "token">;
  expect(data.payment_url.startsWith(`${server.baseUrl}/pay/`)).toBe(true);
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

/** "Pay by card" -> our form_post step -> the bank's gate: its card form. */
async function atTheGate(p: Payment): Promise<PageForm> {
  const step = await pressPayByCard(p.payment_url);
  expect(step).toBe(`${server.baseUrl}/api/pay/${p.token}/card-step?lang=en`);
  const form = await readCardStep(step);
  expect(form.action).toBe(bank.gatewayUrl);
  expect(form.formAction).toBe(bank.url);
  const gate = await submit(form, step);
  const cardForm = readForm(gate.html);
  expect(cardForm?.fields.map(([n]) => n), gate.html).toContain("pan");
  return cardForm!;
}

/** The card entered at the gate: the page carrying the bank's signed outcome back (null when the tab "closed"). */
async function payWith(cardForm: PageForm, pan: string): Promise<PageForm | null> {
  const answer = await submit(cardForm, bank.gatewayUrl, { pan, holder: "AYSE KAYA", expiry: "12/30", cv2: "000" });
  return readForm(answer.html);
}

const row = (code: string) => prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code }, include: { events: true } });

async function returned(p: Payment, back: PageForm) {
  expect(back.action).toBe(`${server.baseUrl}/api/returns/card/${p.token}?lang=en`);
  const res = await postReturn(back);
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe(`${server.baseUrl}/pay/${p.token}?lang=en`);
  return res;
}

async function paid(t: Tenant): Promise<Payment & { id: number }> {
  const p = await providerPayment(t);
  await returned(p, (await payWith(await atTheGate(p), CARDS.approve))!);
  await receiver.forTrackingCode(p.tracking_code);
  return { ...p, id: (await row(p.tracking_code)).id };
}

describe("est-v3 through a production build with the sandbox off", () => {
  it("a production build with the sandbox off takes an est-v3 card payment end to end (acquirer set by the CLI)", async () => {
    const t = await createTenant({ acquirer: null, callbackUrl: receiver.url });
    const set = admin("acquirer:set", "--dealer", String(t.dealer.id), "--connector", "est-v3", "--config", JSON.stringify(estConfig()));
    expect(set.code, set.stderr).toBe(0);
    expect((await adminAsync("acquirer:test", "--dealer", String(t.dealer.id))).json()).toMatchObject({ ok: true });

    const p = await providerPayment(t);
    const back = await payWith(await atTheGate(p), CARDS.approve);
    expect(back!.fields).toEqual(expect.arrayContaining([["ProcReturnCode", "00"], ["oid", p.order_id]]));
    expect((await row(p.tracking_code)).status).toBe("pending");
    const res = await returned(p, back!);
    const done = await row(p.tracking_code);
    expect(done.status).toBe("success");
    expect(done.gatewayReference).toBe(bank.order(DEFAULT_STORE.clientId, p.order_id)!.authCode);
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", tracking_code: p.tracking_code, order_id: p.order_id, amount: 150 });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(await paymentPageText(String(res.headers.location))).toContain("Payment successful");
  }, 90_000);

  it("a dealer's own card payment: success and the dealer's signed callback", async () => {
    const t = await estTenant();
    const res = await signedRequest(server.baseUrl, "/api/dealer/credit-card/payment", t.dealerCreds, { body: { ...dealerCustomer, amount: "250" } });
    expect(res.status).toBe(200);
    const data = res.json.data as Omit<Payment, "token">;
    const p = { ...data, token: data.payment_url.split("/pay/")[1]! };
    await returned(p, (await payWith(await atTheGate(p), CARDS.approve))!);
    expect((await row(p.tracking_code)).status).toBe("success");
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ success: true, status: "success", amount: 250 });
    expect(verifyAsReceiver(callback!, t.dealerCreds.apiKey, t.dealerCreds.secretKey)).toBe(true);
  });

  it("declined at the bank: the payment stays open; another card is a new order at the bank (<order_id>-2); one callback, for the success", async () => {
    const t = await estTenant();
    const p = await providerPayment(t);
    await returned(p, (await payWith(await atTheGate(p), CARDS.insufficientFunds))!);
    expect((await row(p.tracking_code)).status).toBe("pending");
    expect(await prisma.cardAttempt.findMany({ where: { transaction: { trackingCode: p.tracking_code } }, select: { orderId: true, status: true, errorCode: true } })).toEqual([{ orderId: p.order_id, status: "declined", errorCode: "51" }]);
    expect(await paymentPageText(`${server.baseUrl}/pay/${p.token}?lang=en`)).toContain("Try another card");
    // EST refuses an order id twice: the second card goes to the bank as a new order.
    const back = (await payWith(await atTheGate(p), CARDS.approve))!;
    expect(back.fields).toEqual(expect.arrayContaining([["oid", `${p.order_id}-2`]]));
    await returned(p, back);
    expect((await row(p.tracking_code)).status).toBe("success");
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", order_id: p.order_id, amount: 150 });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
  });

  it("a tampered return is refused and changes nothing; the genuine one then applies", async () => {
    const t = await estTenant();
    const p = await providerPayment(t);
    const back = (await payWith(await atTheGate(p), CARDS.insufficientFunds))!;
    const set = (name: string, value: string) => (fields: [string, string][]) => fields.map(([n, v]): [string, string] => [n, n === name ? value : v]);
    for (const tamper of [set("ProcReturnCode", "00"), set("Response", "Approved"), set("amount", "1.00"), set("HASH", "A".repeat(88)), (f: [string, string][]) => f.filter(([n]) => n !== "HASH")]) {
      const res = await postReturn(back, tamper);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${server.baseUrl}/pay/${p.token}?lang=en`);
    }
    const untouched = await row(p.tracking_code);
    expect(untouched.status).toBe("pending");
    expect(untouched.events).toHaveLength(1);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(0);
    await returned(p, back);
    // The genuine decline: the payment stays open for another card, the attempt says why.
    expect((await row(p.tracking_code)).status).toBe("pending");
    expect((await prisma.cardAttempt.findFirstOrThrow({ where: { orderId: p.order_id } })).errorCode).toBe("51");
  });

  it("a repeated return (back button, double submit) is a duplicate: no second callback", async () => {
    const t = await estTenant();
    const p = await providerPayment(t);
    const back = (await payWith(await atTheGate(p), CARDS.approve))!;
    await returned(p, back);
    await returned(p, back);
    await receiver.forTrackingCode(p.tracking_code);
    await returned(p, back);
    const after = await row(p.tracking_code);
    expect(after.events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
    expect(receiver.received.filter((c) => c.body.tracking_code === p.tracking_code)).toHaveLength(1);
  });

  it("abandoned at the gate: TIMEOUT after the 15 minutes; the bank knows no such order, so the inquiry leaves it", async () => {
    const t = await estTenant();
    const p = await providerPayment(t);
    await atTheGate(p);
    const before = await row(p.tracking_code);
    expect(before.expiresAt!.getTime() - before.createdAt.getTime()).toBe(15 * 60_000);
    await prisma.transaction.update({ where: { id: before.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "failed", error_code: "TIMEOUT" });
    const asked = await inquireCardPayments(new Date(), { force: true });
    expect(asked[p.order_id]).toBe("no-verdict");
    expect(await row(p.tracking_code)).toMatchObject({ status: "failed", errorCode: "TIMEOUT" });
  });

  it("approved after the timeout: recorded and raised for a refund, the payment stays failed, no second callback", async () => {
    const t = await estTenant();
    const p = await providerPayment(t);
    const cardForm = await atTheGate(p);
    await prisma.transaction.update({ where: { trackingCode: p.tracking_code }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await receiver.forTrackingCode(p.tracking_code);
    expect((await row(p.tracking_code)).status).toBe("failed");
    await returned(p, (await payWith(cardForm, CARDS.approve))!);
    const after = await row(p.tracking_code);
    expect(after.status).toBe("failed");
    expect(after.events.some((e) => noteText(e).startsWith("Not applied: card-acquirer reported approved"))).toBe(true);
    expect(await prisma.alert.findMany({ where: { transactionId: after.id } })).toEqual([expect.objectContaining({ kind: "late_card_approval", resolvedAt: null })]);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
  });

  it("refunds through the CLI: part, then the rest; the bank's refusal is said and nothing is recorded as refunded", async () => {
    const t = await estTenant();
    const p = await paid(t);
    const part = await adminAsync("transaction:refund", p.tracking_code, "--amount", "40.00", "--reason", "one item back");
    expect(part.code, part.stderr).toBe(0);
    expect(part.json()).toMatchObject({ tracking_code: p.tracking_code, status: "success", refunded: "40.00", refunded_total: "40.00" });
    expect(bank.order(DEFAULT_STORE.clientId, p.order_id)!.refundedMinor).toBe(4000n);
    const rest = await adminAsync("transaction:refund", p.tracking_code);
    expect(rest.json()).toEqual({ tracking_code: p.tracking_code, status: "refunded", refunded: "110.00", refunded_total: "150.00" });
    expect(bank.order(DEFAULT_STORE.clientId, p.order_id)!.refundedMinor).toBe(15000n);

    const q = await paid(t);
    bank.refuseRefunds(true);
    try {
      const refused = await adminAsync("transaction:refund", q.tracking_code);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("CORE-2508");
    } finally {
      bank.refuseRefunds(false);
    }
    expect((await row(q.tracking_code)).status).toBe("success");
    expect(await prisma.cardRefund.findMany({ where: { transactionId: q.id } })).toEqual([expect.objectContaining({ status: "refused", errorCode: "CORE-2508" })]);
    expect(bank.order(DEFAULT_STORE.clientId, q.order_id)!.refundedMinor).toBe(0n);
  }, 120_000);

  it("status inquiry recovers a dropped return: the bank's approval ends the payment, one callback", async () => {
    const t = await estTenant();
    const p = await providerPayment(t);
    const cardForm = await atTheGate(p);
    bank.dropReturns(true);
    try {
      expect(await payWith(cardForm, CARDS.approve)).toBeNull();
    } finally {
      bank.dropReturns(false);
    }
    expect(bank.order(DEFAULT_STORE.clientId, p.order_id)!.state).toBe("A");
    expect((await row(p.tracking_code)).status).toBe("pending");
    await prisma.transaction.update({ where: { trackingCode: p.tracking_code }, data: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    const asked = await inquireCardPayments(new Date(), { force: true });
    // A server's own runner may have asked first: either way the verdict is applied once.
    expect(["applied", "duplicate"]).toContain(asked[p.order_id]);
    const done = await row(p.tracking_code);
    expect(done.status).toBe("success");
    expect(done.events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success" });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
  });
});
