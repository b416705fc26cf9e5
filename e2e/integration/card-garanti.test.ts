import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { readForm, type PageForm } from "../simulators/est-v3/browser";
import { CARDS, DEFAULT_TERMINAL, startGarantiSimulator, type GarantiSimulator } from "../simulators/garanti/server";
import { admin, adminAsync } from "../support/admin-cli";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { paymentPageText, postReturn, pressPayByCard, readCardStep, startProductionServer, submit } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { noteText } from "../support/notes";
import { signedRequest } from "../support/signed-request";
import type { AppServer } from "../support/test-stack";

/**
 * Garanti BBVA's common payment page (3D_OOS_PAY) through the app: a production build with the sandbox off
 * (APP_ENV=production), a dealer whose acquirer is garanti pointing at the simulated GVP, and the customer's
 * browser played over real HTTP: our payment page, our form_post step, GVP's 3-D engine and card form, the
 * signed return to our return URL. Refunds through the CLI go to GVP's XML API with the refund user.
 */

const stackEnv = inject("stackEnv");
const customer = { username: "ayse.k", user_id: "u-9", firstname: "Ayşe", lastname: "Kaya", email: "ayse@example.com", phone: "+905551112233" };
const T = DEFAULT_TERMINAL;
let server: AppServer;
let bank: GarantiSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  bank = await startGarantiSimulator();
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

const garantiConfig = (extra: Record<string, unknown> = {}) => ({
  merchantId: T.merchantId, terminalId: T.terminalId, userId: "PROVOOS", password: T.users.PROVOOS, storeKey: T.storeKey, refundPassword: T.users.PROVRFN,
  gatewayUrl: bank.gatewayUrl, apiUrl: bank.apiUrl, timeoutMs: 5000, ...extra,
});

/** A dealer taking cards through the simulated GVP (the sandbox connector is no acquirer on this server). */
async function garantiTenant(extra: Record<string, unknown> = {}): Promise<Tenant> {
  const t = await createTenant({ callbackUrl: receiver.url, dealerCallbackUrl: receiver.url });
  await setDealerAcquirer(t.dealer.id, "garanti", garantiConfig(extra), { label: "test" });
  return t;
}

async function providerPayment(t: Tenant, amount = 150): Promise<Payment> {
  const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, { body: { credential_key: t.site.credential_key, ...customer, amount } });
  expect(res.status).toBe(200);
  const data = res.json.data as Omit<Payment, "token">;
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

/** "Pay by card" -> our form_post step -> GVP's 3-D engine: its card form. */
async function atThePaymentPage(p: Payment): Promise<PageForm> {
  const step = await pressPayByCard(p.payment_url);
  expect(step).toBe(`${server.baseUrl}/api/pay/${p.token}/card-step?lang=en`);
  const form = await readCardStep(step);
  expect(form.action).toBe(bank.gatewayUrl);
  expect(form.formAction).toBe(bank.url);
  expect(form.fields.map(([n]) => n)).toEqual(expect.arrayContaining(["secure3dsecuritylevel", "secure3dhash", "txnamount", "orderid"]));
  const engine = await submit(form, step);
  const cardForm = readForm(engine.html);
  expect(cardForm?.fields.map(([n]) => n), engine.html).toContain("pan");
  return cardForm!;
}

/** The card entered on GVP's page: the page carrying the bank's outcome back (null when the tab "closed"). */
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
  await returned(p, (await payWith(await atThePaymentPage(p), CARDS.approve))!);
  await receiver.forTrackingCode(p.tracking_code);
  return { ...p, id: (await row(p.tracking_code)).id };
}

describe("garanti through a production build with the sandbox off", () => {
  it("a production build with the sandbox off takes a Garanti card payment end to end (acquirer set by the CLI, a wrong key refused by name)", async () => {
    const t = await createTenant({ acquirer: null, callbackUrl: receiver.url });
    const id = String(t.dealer.id);
    const missing = admin("acquirer:set", "--dealer", id, "--connector", "garanti", "--config", JSON.stringify({ ...garantiConfig(), refundPassword: undefined }));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("refundPassword");
    const wrong = admin("acquirer:set", "--dealer", id, "--connector", "garanti", "--config", JSON.stringify(garantiConfig({ terminalId: "3069129", storekey: "typo" })));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("terminalId");
    expect(wrong.stderr).toContain("storekey");
    expect(await prisma.dealerAcquirer.count({ where: { dealerId: t.dealer.id } })).toBe(0);
    const set = admin("acquirer:set", "--dealer", id, "--connector", "garanti", "--config", JSON.stringify(garantiConfig()));
    expect(set.code, set.stderr).toBe(0);
    const shown = admin("acquirer:show", "--dealer", id);
    expect(shown.stdout).not.toContain(T.storeKey);
    expect(shown.json()).toMatchObject({ connector: "garanti", usable: true, config: { terminalId: T.terminalId, userId: "PROVOOS", storeKey: "••••", refundUserId: "PROVRFN" } });
    expect((await adminAsync("acquirer:test", "--dealer", id)).json()).toMatchObject({ ok: true });

    const p = await providerPayment(t);
    const back = await payWith(await atThePaymentPage(p), CARDS.approve);
    expect(back!.fields).toEqual(expect.arrayContaining([["procreturncode", "00"], ["oid", p.order_id], ["mdstatus", "1"]]));
    expect((await row(p.tracking_code)).status).toBe("pending");
    const res = await returned(p, back!);
    const done = await row(p.tracking_code);
    expect(done.status).toBe("success");
    expect(done.gatewayReference).toBe(bank.order(T.terminalId, p.order_id)!.txns[0]!.authCode);
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", tracking_code: p.tracking_code, order_id: p.order_id, amount: 150 });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(await paymentPageText(String(res.headers.location))).toContain("Payment successful");
  }, 90_000);

  it("declined at the bank: the payment stays open; another card is a new order at GVP (<order_id>-2); one callback, for the success", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    await returned(p, (await payWith(await atThePaymentPage(p), CARDS.insufficientFunds))!);
    expect((await row(p.tracking_code)).status).toBe("pending");
    expect(await prisma.cardAttempt.findMany({ where: { transaction: { trackingCode: p.tracking_code } }, select: { orderId: true, status: true, errorCode: true } })).toEqual([{ orderId: p.order_id, status: "declined", errorCode: "51" }]);
    // GVP refuses an order id twice: the second card goes to the bank as a new order.
    const step = await pressPayByCard(p.payment_url);
    const form = await readCardStep(step);
    expect(form.fields).toEqual(expect.arrayContaining([["orderid", `${p.order_id}-2`]]));
    const engine = await submit(form, step);
    const back = (await payWith(readForm(engine.html)!, CARDS.approve))!;
    await returned(p, back);
    expect((await row(p.tracking_code)).status).toBe("success");
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", order_id: p.order_id });
  });

  it("half 3-D Secure: failed HALF_3D for a dealer that does not accept it, paid for one that does", async () => {
    const strict = await garantiTenant();
    const p = await providerPayment(strict);
    await returned(p, (await payWith(await atThePaymentPage(p), CARDS.mdStatus(2)))!);
    expect(await row(p.tracking_code)).toMatchObject({ status: "failed", errorCode: "HALF_3D" });
    const lenient = await garantiTenant({ acceptHalf3D: true });
    const q = await providerPayment(lenient);
    await returned(q, (await payWith(await atThePaymentPage(q), CARDS.mdStatus(3)))!);
    expect((await row(q.tracking_code)).status).toBe("success");
  });

  it("a 3-D error (mdStatus 7) comes back unsigned: nothing is recorded from it, the payment stays open", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    const back = (await payWith(await atThePaymentPage(p), CARDS.mdStatus(7)))!;
    expect(back.fields.some(([n]) => n === "hash")).toBe(false);
    await returned(p, back);
    const after = await row(p.tracking_code);
    expect(after.status).toBe("pending");
    expect(after.events).toHaveLength(1);
  });

  it("a tampered return is refused and changes nothing; a forged unsigned approval gets the bank's own verdict; the genuine one then repeats it", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    const back = (await payWith(await atThePaymentPage(p), CARDS.insufficientFunds))!;
    const set = (name: string, value: string) => (fields: [string, string][]) => fields.map(([n, v]): [string, string] => [n, n === name ? value : v]);
    for (const tamper of [set("procreturncode", "00"), set("response", "Approved"), set("txnamount", "100"), set("hash", "A".repeat(128)), set("hashparams", "clientid:oid:")]) {
      const res = await postReturn(back, tamper);
      expect(res.status).toBe(303);
    }
    const untouched = await row(p.tracking_code);
    expect(untouched.status).toBe("pending");
    expect(untouched.events).toHaveLength(1);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(0);
    // Without any hash nothing in the return is believed: the bank is asked, and its record (declined 51) is what applies.
    const unsigned = await postReturn(back, (fields) => fields.filter(([n]) => n !== "hash" && n !== "hashparams").map(([n, v]): [string, string] => [n, n === "procreturncode" ? "00" : n === "response" ? "Approved" : v]));
    expect(unsigned.status).toBe(303);
    // The bank's own verdict (declined 51) applies: the attempt is declined, the payment stays open for another card.
    const declined = await row(p.tracking_code);
    expect(declined.status).toBe("pending");
    expect((await prisma.cardAttempt.findFirstOrThrow({ where: { orderId: p.order_id } })).errorCode).toBe("51");
    expect(bank.apiCalls().filter((c) => c.orderId === p.order_id).map((c) => c.type)).toEqual(["orderhistoryinq"]);
    await returned(p, back);
    const after = await row(p.tracking_code);
    expect(after.events).toHaveLength(declined.events.length);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(0);
  });

  it("a repeated return (back button, double submit) is a duplicate: no second callback", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    const back = (await payWith(await atThePaymentPage(p), CARDS.approve))!;
    await returned(p, back);
    await receiver.forTrackingCode(p.tracking_code);
    await returned(p, back);
    expect((await row(p.tracking_code)).events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.filter((c) => c.body.tracking_code === p.tracking_code)).toHaveLength(1);
  });

  it("abandoned at the payment page: TIMEOUT after 15 minutes, the bank knows no such order; an approval after it is raised for a refund", async () => {
    const t = await garantiTenant();
    const abandoned = await providerPayment(t);
    await atThePaymentPage(abandoned);
    await prisma.transaction.update({ where: { trackingCode: abandoned.tracking_code }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await receiver.forTrackingCode(abandoned.tracking_code))[0]!.body).toMatchObject({ status: "failed", error_code: "TIMEOUT" });
    expect((await inquireCardPayments(new Date(), { force: true }))[abandoned.order_id]).toBe("no-verdict");

    const late = await providerPayment(t);
    const cardForm = await atThePaymentPage(late);
    await prisma.transaction.update({ where: { trackingCode: late.tracking_code }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await receiver.forTrackingCode(late.tracking_code);
    await returned(late, (await payWith(cardForm, CARDS.approve))!);
    const after = await row(late.tracking_code);
    expect(after.status).toBe("failed");
    expect(after.events.some((e) => noteText(e).startsWith("Not applied: card-acquirer reported approved"))).toBe(true);
    expect(await prisma.alert.findMany({ where: { transactionId: after.id } })).toEqual([expect.objectContaining({ kind: "late_card_approval", resolvedAt: null })]);
  });

  it("refunds through the CLI: a whole refund on the day is a void; after the end of day part then the rest are refunds; the bank's refusal is said", async () => {
    const t = await garantiTenant();
    const sameDay = await paid(t);
    const voided = await adminAsync("transaction:refund", sameDay.tracking_code, "--reason", "customer changed their mind");
    expect(voided.code, voided.stderr).toBe(0);
    expect(voided.json()).toEqual({ tracking_code: sameDay.tracking_code, status: "refunded", refunded: "150.00", refunded_total: "150.00" });
    expect(bank.apiCalls().filter((c) => c.orderId === sameDay.order_id).map((c) => c.type)).toEqual(["orderhistoryinq", "void"]);
    expect(bank.leftOf(T.terminalId, sameDay.order_id)).toBe(0n);

    const settled = await paid(t);
    bank.settle();
    const part = await adminAsync("transaction:refund", settled.tracking_code, "--amount", "40.00", "--reason", "one item back");
    expect(part.json()).toMatchObject({ status: "success", refunded: "40.00", refunded_total: "40.00" });
    const rest = await adminAsync("transaction:refund", settled.tracking_code);
    expect(rest.json()).toEqual({ tracking_code: settled.tracking_code, status: "refunded", refunded: "110.00", refunded_total: "150.00" });
    expect(bank.apiCalls().filter((c) => c.orderId === settled.order_id && c.type !== "orderhistoryinq").map((c) => `${c.type}/${c.user}`)).toEqual(["refund/PROVRFN", "refund/PROVRFN"]);
    expect(bank.leftOf(T.terminalId, settled.order_id)).toBe(0n);

    const refused = await paid(t);
    bank.refuseRefunds(true);
    try {
      const answer = await adminAsync("transaction:refund", refused.tracking_code);
      expect(answer.code).toBe(2);
      expect(answer.stderr).toContain("0999");
    } finally {
      bank.refuseRefunds(false);
    }
    expect((await row(refused.tracking_code)).status).toBe("success");
    expect(await prisma.cardRefund.findMany({ where: { transactionId: refused.id } })).toEqual([expect.objectContaining({ status: "refused", errorCode: "0999" })]);
    expect(bank.leftOf(T.terminalId, refused.order_id)).toBe(15000n);
  }, 120_000);

  it("status inquiry recovers a dropped return: the bank's approval ends the payment, one callback", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    const cardForm = await atThePaymentPage(p);
    bank.dropReturns(true);
    try {
      expect(await payWith(cardForm, CARDS.approve)).toBeNull();
    } finally {
      bank.dropReturns(false);
    }
    expect((await row(p.tracking_code)).status).toBe("pending");
    await prisma.transaction.update({ where: { trackingCode: p.tracking_code }, data: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    const asked = await inquireCardPayments(new Date(), { force: true });
    expect(["applied", "duplicate"]).toContain(asked[p.order_id]);
    const done = await row(p.tracking_code);
    expect(done.status).toBe("success");
    expect(done.events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    expect((await receiver.forTrackingCode(p.tracking_code))[0]!.body).toMatchObject({ status: "success" });
  });
});
